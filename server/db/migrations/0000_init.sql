CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sku" text NOT NULL,
	"price_cents" integer NOT NULL,
	"cover_image" text,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stock" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cards_sku_unique" UNIQUE("sku"),
	CONSTRAINT "cards_price_not_negative" CHECK ("cards"."price_cents" >= 0),
	CONSTRAINT "cards_stock_not_negative" CHECK ("cards"."stock" IS NULL OR "cards"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cards_active_created_idx" ON "cards" USING btree ("active","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cards_category_idx" ON "cards" USING btree ("category");