CREATE TABLE "bank_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_id" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"counterparty" text,
	"remittance" text,
	"state" text NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "bank_lines_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "bank_lines_state_known" CHECK ("bank_lines"."state" IN ('matched', 'unmatched', 'assigned', 'ignored')),
	CONSTRAINT "bank_lines_amount_positive" CHECK ("bank_lines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"format" text NOT NULL,
	"reference" text NOT NULL,
	"account" text,
	"file_sha256" text NOT NULL,
	"line_count" integer NOT NULL,
	"imported_by" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"order_id" integer NOT NULL,
	"stage" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminders_order_id_stage_pk" PRIMARY KEY("order_id","stage"),
	CONSTRAINT "payment_reminders_stage_known" CHECK ("payment_reminders"."stage" IN (0, 7, 14))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"amount_cents" integer NOT NULL,
	"source_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_known" CHECK ("payments"."kind" IN ('payment', 'refund')),
	CONSTRAINT "payments_method_known" CHECK ("payments"."method" IN ('card', 'bank_transfer', 'other')),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "invoices_order_kind_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_vat_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_postal_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_country_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_unpaid_reason" text;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_lines_state_idx" ON "bank_lines" USING btree ("state","booked_on");--> statement-breakpoint
CREATE INDEX "bank_lines_statement_idx" ON "bank_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_method_source_idx" ON "payments" USING btree ("method","source_id") WHERE "payments"."source_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."due_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_treatment_known" CHECK ("orders"."tax_treatment" IN ('standard', 'reverse_charge'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_country_code" CHECK ("orders"."bill_country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_in_range" CHECK ("orders"."paid_cents" >= 0 AND "orders"."refunded_cents" BETWEEN 0 AND "orders"."paid_cents" AND "orders"."credited_cents" BETWEEN 0 AND "orders"."total_cents");--> statement-breakpoint
-- Orders invoiced before money was recorded: due the firm's terms (14 days) after their invoice.
UPDATE "orders" SET "due_at" = "invoices"."issued_at" + interval '14 days'
FROM "invoices" WHERE "invoices"."order_id" = "orders"."id" AND "invoices"."kind" = 'invoice';--> statement-breakpoint
-- A cancelled order's credit note took back its whole invoice.
UPDATE "orders" SET "credited_cents" = "orders"."total_cents"
WHERE EXISTS (SELECT 1 FROM "invoices" WHERE "invoices"."order_id" = "orders"."id" AND "invoices"."kind" = 'credit_note');--> statement-breakpoint
-- Orders already shipped left before payments were recorded: said so, so their history reads true.
UPDATE "orders" SET "ship_unpaid_reason" = 'Shipped before payments were recorded in the shop.'
WHERE "orders"."status" IN ('shipped', 'delivered');
