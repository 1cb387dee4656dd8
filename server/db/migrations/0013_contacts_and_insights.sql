CREATE TABLE "exchanged_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchanged_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"card_serial" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanged_contacts_reachable" CHECK ("exchanged_contacts"."email" <> '' OR "exchanged_contacts"."phone" <> ''),
	CONSTRAINT "exchanged_contacts_source_known" CHECK ("exchanged_contacts"."source" IN ('tap', 'qr', 'link'))
);
--> statement-breakpoint
CREATE TABLE "card_event_days" (
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"card_serial" text DEFAULT '' NOT NULL,
	"link_id" integer DEFAULT 0 NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "card_event_days_owner_id_day_kind_source_card_serial_link_id_pk" PRIMARY KEY("owner_id","day","kind","source","card_serial","link_id")
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"card_serial" text,
	"link_id" integer,
	"visitor" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_events_kind_known" CHECK ("card_events"."kind" IN ('view', 'save', 'click', 'exchange')),
	CONSTRAINT "card_events_source_known" CHECK ("card_events"."source" IN ('tap', 'qr', 'link'))
);
--> statement-breakpoint
CREATE TABLE "insight_rollups" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insights_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanged_contacts" ADD CONSTRAINT "exchanged_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_event_days" ADD CONSTRAINT "card_event_days_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchanged_contacts_owner_idx" ON "exchanged_contacts" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_events_owner_idx" ON "card_events" USING btree ("owner_id","occurred_at");--> statement-breakpoint
CREATE INDEX "card_events_time_idx" ON "card_events" USING btree ("occurred_at");