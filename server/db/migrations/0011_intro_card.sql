CREATE TABLE "profile_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"icon" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transfers_serial_id_unique" UNIQUE("serial_id"),
	CONSTRAINT "card_transfers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_fields" text[] DEFAULT ARRAY['job_title']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accent" text DEFAULT 'ocean' NOT NULL;--> statement-breakpoint
ALTER TABLE "serials" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transfers" ADD CONSTRAINT "card_transfers_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transfers" ADD CONSTRAINT "card_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_links_user_idx" ON "profile_links" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "card_transfers_from_idx" ON "card_transfers" USING btree ("from_user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_public_fields_known" CHECK ("users"."public_fields" <@ ARRAY['email', 'phone', 'company', 'job_title', 'location', 'bio']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_accent_known" CHECK ("users"."accent" IN ('ocean', 'teal', 'forest', 'plum', 'ember', 'graphite'));--> statement-breakpoint
-- Accounts made before the switches keep showing what their card showed: every field but the e-mail,
-- and the e-mail too where its owner had chosen to show it. New accounts start with the job title only.
UPDATE "users" SET "public_fields" = CASE WHEN "show_email"
  THEN ARRAY['email', 'phone', 'company', 'job_title', 'location', 'bio']::text[]
  ELSE ARRAY['phone', 'company', 'job_title', 'location', 'bio']::text[] END;--> statement-breakpoint
-- The six social fields become the first links of the card, in the order the card showed them.
INSERT INTO "profile_links" ("user_id", "position", "title", "url", "icon", "enabled")
SELECT "users"."id", "social"."position" - 1, "social"."title", btrim("social"."url"), "social"."icon", true
FROM "users" CROSS JOIN LATERAL (VALUES
  (1, 'Facebook', "users"."facebook", 'facebook'),
  (2, 'Instagram', "users"."instagram", 'instagram'),
  (3, 'X (Twitter)', "users"."twitter", 'twitter'),
  (4, 'YouTube', "users"."youtube", 'youtube'),
  (5, 'GitHub', "users"."github", 'github'),
  (6, 'LinkedIn', "users"."linkedin", 'linkedin')
) AS "social" ("position", "title", "url", "icon")
WHERE btrim("social"."url") <> ''
ORDER BY "users"."id", "social"."position";
