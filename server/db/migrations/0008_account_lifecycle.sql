ALTER TABLE "user_tokens" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One flag stood for two facts. An inactive account that once signed in, or that an admin deactivated
-- (audit log), was disabled by the firm and had proved its address; any other inactive one is unverified.
UPDATE "users" u SET
	"disabled_at" = coalesce(d."created_at", u."updated_at"),
	"disabled_by" = d."actor_id",
	"disabled_reason" = 'Deactivated before disabled accounts were kept apart from unverified ones.'
FROM (SELECT u2."id", (SELECT a."created_at" FROM "audit_log" a WHERE a."target_type" = 'user' AND a."target_id" = u2."id"::text AND a."action" = 'user.active' ORDER BY a."id" DESC LIMIT 1) AS "created_at",
	(SELECT a."actor_id" FROM "audit_log" a WHERE a."target_type" = 'user' AND a."target_id" = u2."id"::text AND a."action" = 'user.active' ORDER BY a."id" DESC LIMIT 1) AS "actor_id"
	FROM "users" u2) d
WHERE d."id" = u."id" AND NOT u."is_active" AND (u."last_login_at" IS NOT NULL OR d."created_at" IS NOT NULL);--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = coalesce("last_login_at", "updated_at") WHERE "is_active" OR "disabled_at" IS NOT NULL;
