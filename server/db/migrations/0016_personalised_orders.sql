CREATE TABLE "country_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_rates_code" CHECK ("country_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "country_rates_tax_range" CHECK ("country_rates"."tax_rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"credits_invoice_id" integer,
	"total_cents" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_seq_positive" CHECK ("invoices"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "shipping_zones_rate_not_negative" CHECK ("shipping_zones"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "design_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "design_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"png" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_uploads_kind_known" CHECK ("design_uploads"."kind" IN ('logo', 'signature'))
);
--> statement-breakpoint
CREATE TABLE "order_designs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_designs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_line_id" integer NOT NULL,
	"position" integer NOT NULL,
	"printed" jsonb NOT NULL,
	"member_email" text,
	"front_svg" text NOT NULL,
	"back_svg" text NOT NULL,
	"print_pdf" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_proofs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"customer_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "order_proofs_source_known" CHECK ("order_proofs"."source" IN ('generated', 'uploaded')),
	CONSTRAINT "order_proofs_status_known" CHECK ("order_proofs"."status" IN ('sent', 'approved', 'changes_requested', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "team_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_design_id" integer NOT NULL,
	"serial_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "team_claims_order_design_id_unique" UNIQUE("order_design_id"),
	CONSTRAINT "team_claims_serial_id_unique" UNIQUE("serial_id"),
	CONSTRAINT "team_claims_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "personal_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "country_rates" ADD CONSTRAINT "country_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_uploads" ADD CONSTRAINT "design_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_designs" ADD CONSTRAINT "order_designs_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_claims" ADD CONSTRAINT "team_claims_order_design_id_order_designs_id_fk" FOREIGN KEY ("order_design_id") REFERENCES "public"."order_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_claims" ADD CONSTRAINT "team_claims_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_claims" ADD CONSTRAINT "team_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "country_rates_zone_idx" ON "country_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_seq_idx" ON "invoices" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_one_default_idx" ON "shipping_zones" USING btree ("is_default") WHERE "shipping_zones"."is_default";--> statement-breakpoint
CREATE INDEX "design_uploads_user_idx" ON "design_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_designs_line_position_idx" ON "order_designs" USING btree ("order_line_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_proofs_order_version_idx" ON "order_proofs" USING btree ("order_id","version");--> statement-breakpoint
CREATE INDEX "order_proofs_open_idx" ON "order_proofs" USING btree ("created_at") WHERE "order_proofs"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "team_claims_email_idx" ON "team_claims" USING btree ("email");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_pack_size_range" CHECK ("cards"."pack_size" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_sums" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('awaiting_proof', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
INSERT INTO "shipping_zones" ("name", "rate_cents", "is_default") VALUES ('Everywhere else', 0, true);
