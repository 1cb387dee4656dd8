CREATE TABLE "serial_check_days" (
	"serial_id" integer NOT NULL,
	"client" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "serial_check_days_serial_id_client_day_pk" PRIMARY KEY("serial_id","client","day")
);
--> statement-breakpoint
CREATE TABLE "serial_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "serial_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "serial_flags_kind_known" CHECK ("serial_flags"."kind" IN ('replayed_counter', 'forged_message', 'distant_taps', 'many_checkers'))
);
--> statement-breakpoint
CREATE TABLE "tap_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tap_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_id" integer NOT NULL,
	"kind" text NOT NULL,
	"uid" text,
	"counter" integer,
	"key_version" smallint,
	"client" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tap_events_kind_known" CHECK ("tap_events"."kind" IN ('fresh', 'replayed', 'bad_mac', 'unknown_uid', 'malformed', 'static'))
);
--> statement-breakpoint
ALTER TABLE "serial_verifications" ADD COLUMN "method" text DEFAULT 'printed' NOT NULL;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "chip_uid" text;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "sun_key_version" smallint;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "sun_next_key_version" smallint;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "sun_counter" integer;--> statement-breakpoint
ALTER TABLE "serial_check_days" ADD CONSTRAINT "serial_check_days_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_flags" ADD CONSTRAINT "serial_flags_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_events" ADD CONSTRAINT "tap_events_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "serial_flags_open_idx" ON "serial_flags" USING btree ("serial_id","kind") WHERE "serial_flags"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "serial_flags_unreported_idx" ON "serial_flags" USING btree ("first_seen_at") WHERE "serial_flags"."reported_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tap_events_serial_idx" ON "tap_events" USING btree ("serial_id","created_at");--> statement-breakpoint
CREATE INDEX "tap_events_at_idx" ON "tap_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "serials_sun_idx" ON "serials" USING btree ("created_at","id") WHERE "serials"."sun_key_version" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_chip_uid_unique" UNIQUE("chip_uid");--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_chip_uid_format" CHECK ("serials"."chip_uid" ~ '^[0-9A-F]{14}$');--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_block_reason_known" CHECK ("serials"."block_reason" IN ('counterfeit', 'cloned', 'stolen', 'lost', 'damaged', 'recalled', 'other'));--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_sun_key_version_positive" CHECK ("serials"."sun_key_version" > 0 AND "serials"."sun_next_key_version" > 0);