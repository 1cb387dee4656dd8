CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_size_matches" CHECK ("media"."size" = octet_length("media"."data")),
	CONSTRAINT "media_sha256_hex" CHECK ("media"."sha256" ~ '^[0-9a-f]{64}$')
);
