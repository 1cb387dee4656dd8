CREATE TABLE "card_images" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"png" "bytea" NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_designs" ALTER COLUMN "print_pdf" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_designs" ADD COLUMN "print_job" jsonb;--> statement-breakpoint
ALTER TABLE "order_designs" ADD COLUMN "print_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_designs" ADD COLUMN "print_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_designs" ADD COLUMN "print_error" text;--> statement-breakpoint
ALTER TABLE "card_images" ADD CONSTRAINT "card_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_designs_print_pending_idx" ON "order_designs" USING btree ("id") WHERE "order_designs"."print_pdf" IS NULL;