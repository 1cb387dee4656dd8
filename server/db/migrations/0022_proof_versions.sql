ALTER TABLE "order_proofs" ADD COLUMN "firm_note" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "cards" jsonb;--> statement-breakpoint
-- Until now the firm's note lived only in the mail and the audit entry: each version gets its own back.
UPDATE "order_proofs" SET "firm_note" = "audit_log"."after"->>'note'
FROM "audit_log"
WHERE "audit_log"."action" = 'order.proof.sent'
  AND "audit_log"."target_type" = 'order'
  AND "audit_log"."target_id" = "order_proofs"."order_id"::text
  AND ("audit_log"."after"->>'version')::int = "order_proofs"."version"
  AND coalesce("audit_log"."after"->>'note', '') <> '';--> statement-breakpoint
-- Until now an order's printed cards never changed once ordered: every generated version showed them as they are.
UPDATE "order_proofs" SET "cards" = (
  SELECT jsonb_agg(jsonb_build_object(
    'id', "order_designs"."id",
    'line', "order_lines"."name",
    'design', "order_lines"."design",
    'printed', "order_designs"."printed",
    'memberEmail', "order_designs"."member_email",
    'frontSvg', "order_designs"."front_svg",
    'backSvg', "order_designs"."back_svg"
  ) ORDER BY "order_lines"."id", "order_designs"."position")
  FROM "order_designs" INNER JOIN "order_lines" ON "order_lines"."id" = "order_designs"."order_line_id"
  WHERE "order_lines"."order_id" = "order_proofs"."order_id"
)
WHERE "order_proofs"."source" = 'generated';
