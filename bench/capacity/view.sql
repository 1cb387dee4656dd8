-- One batch of card views as the insights recorder writes it (server/modules/insights/recorder.ts): the
-- owners' and serials' look-ups, then one transaction that share-locks the owners and inserts the rows.
-- The app sends :batch rows as one multi-row VALUES; here they come from generate_series (same rows, fewer
-- parameters to bind). Variables (-D): users, batch.
\set owner random(1, :users)
\set base random(1, 1000000000)
SELECT id, username, insights_enabled FROM users WHERE username IN ('u' || :owner);
SELECT serial, claimed_by FROM serials WHERE serial IN ('S' || lpad(:owner::text, 11, '0'));
BEGIN;
SELECT id FROM users WHERE id IN (:owner) AND insights_enabled = true FOR SHARE;
INSERT INTO card_events (owner_id, kind, source, card_serial, link_id, visitor, occurred_at)
  SELECT :owner, 'view', 'tap', NULL, NULL, lpad(to_hex(:base + g), 16, '0'), now()
  FROM generate_series(1, :batch) g;
COMMIT;
