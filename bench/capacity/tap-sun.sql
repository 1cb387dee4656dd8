-- A fresh secure (SUN) tap: the look-up, the counter accepted and the event logged in one statement
-- (sun/tap-verification.ts acceptCounter), then the x/5 count after the answer (verification-count.ts).
-- The counter is the clock in ms, so it rises like a chip's. Variables (-D): serials, clients.
\set s random(1, :serials)
\set c random(1, :clients)
SELECT s.*, c.name, u.username, u.profile_private,
       (u.email_verified_at IS NOT NULL AND u.disabled_at IS NULL) AS usable,
       EXISTS (SELECT 1 FROM team_claims t WHERE t.serial_id = s.id AND t.claimed_at IS NULL) AS reserved
  FROM serials s JOIN cards c ON c.id = s.card_id LEFT JOIN users u ON u.id = s.claimed_by
  WHERE s.serial = 'S' || lpad(:s::text, 11, '0');
WITH won AS (
  UPDATE serials
     SET sun_counter = (extract(epoch FROM clock_timestamp()) * 1000)::bigint % 2000000000,
         sun_key_version = 1,
         sun_next_key_version = CASE WHEN sun_next_key_version = 1 THEN NULL ELSE sun_next_key_version END
   WHERE id = :s
     AND ((sun_key_version = 1
           AND coalesce(sun_counter, -1) < (extract(epoch FROM clock_timestamp()) * 1000)::bigint % 2000000000)
          OR sun_next_key_version = 1)
  RETURNING id
), logged AS (
  INSERT INTO tap_events (serial_id, kind, uid, counter, key_version, client, network)
  SELECT :s, CASE WHEN EXISTS (SELECT 1 FROM won) THEN 'fresh' ELSE 'replayed' END,
         upper(lpad(to_hex(:s::int), 14, '0')), 1, 1, 'client-' || :c, 'net-' || :c / 256
  WHERE EXISTS (SELECT 1 FROM won)
     OR (SELECT count(*) FROM tap_events
         WHERE serial_id = :s AND client = 'client-' || :c AND kind = 'replayed'
           AND created_at > now() - interval '10 minutes') < 10
)
SELECT EXISTS (SELECT 1 FROM won) AS fresh;
WITH claimed AS (
  INSERT INTO serial_check_days (serial_id, client, day)
  SELECT id, 'client-' || :c, (now() AT TIME ZONE 'utc')::date FROM serials WHERE id = :s AND status = 'active'
  ON CONFLICT DO NOTHING
  RETURNING serial_id
), counted AS (
  UPDATE serials
     SET verification_count = verification_count + 1,
         first_verified_at = coalesce(first_verified_at, now()),
         last_verified_at = now()
   WHERE id IN (SELECT serial_id FROM claimed)
  RETURNING id, verification_count
), logged AS (
  INSERT INTO serial_verifications (serial_id, count, client, method)
  SELECT id, verification_count, 'client-' || :c, 'chip' FROM counted
)
SELECT verification_count AS count FROM counted;
