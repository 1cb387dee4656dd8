CREATE TABLE "usernames" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_code" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "usernames" ADD CONSTRAINT "usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usernames_user_idx" ON "usernames" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_card_code_unique" UNIQUE("card_code");--> statement-breakpoint
-- Every account's current name is its own for good from now on (old printed codes carry it).
INSERT INTO "usernames" ("name", "user_id", "created_at") SELECT "username", "id", "created_at" FROM "users" ON CONFLICT DO NOTHING;
