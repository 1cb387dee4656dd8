ALTER TABLE "cards" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the home page used to sum at every look, counted once for the orders already placed.
UPDATE "cards" SET "units_sold" = "sold"."units"
FROM (
  SELECT "order_lines"."card_id", sum("order_lines"."quantity")::int AS "units"
  FROM "order_lines" INNER JOIN "orders" ON "orders"."id" = "order_lines"."order_id"
  WHERE "orders"."status" <> 'cancelled' AND "order_lines"."card_id" IS NOT NULL
  GROUP BY "order_lines"."card_id"
) AS "sold"
WHERE "sold"."card_id" = "cards"."id";
