CREATE TABLE "serial_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_id" integer NOT NULL,
	"count" integer NOT NULL,
	"client" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"card_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"verification_count" integer DEFAULT 0 NOT NULL,
	"first_verified_at" timestamp with time zone,
	"last_verified_at" timestamp with time zone,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serials_serial_unique" UNIQUE("serial"),
	CONSTRAINT "serials_status_known" CHECK ("serials"."status" IN ('active', 'blocked')),
	CONSTRAINT "serials_format" CHECK ("serials"."serial" ~ '^[0-9A-HJKMNP-TV-Z]{12}$')
);
--> statement-breakpoint
ALTER TABLE "serial_verifications" ADD CONSTRAINT "serial_verifications_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_verifications_serial_idx" ON "serial_verifications" USING btree ("serial_id","verified_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "serial_verifications_at_idx" ON "serial_verifications" USING btree ("verified_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "serials_card_idx" ON "serials" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "serials_claimed_by_idx" ON "serials" USING btree ("claimed_by");