ALTER TABLE "users" DROP COLUMN "facebook";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "instagram";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "twitter";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "youtube";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "github";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "linkedin";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "show_email";