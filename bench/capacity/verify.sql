-- GET /api/verify/?code= (server/modules/registry/service.ts verifyCode): the failed-look-up count, the
-- serial's look-up, the x/5 count, the count given back. With clients=1 every request comes from one address
-- (a venue's Wi-Fi behind one NAT, or bench:load's one load generator): its rate-limit row is one hot row.
-- Variables (-D): serials, clients.
\set s random(1, :serials)
\set c random(1, :clients)
INSERT INTO rate_limits (key, window_start, count) VALUES ('verify-miss:' || :c, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN 1 ELSE rate_limits.count + 1 END,
    window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN now() ELSE rate_limits.window_start END
  RETURNING count, ceil(extract(epoch FROM rate_limits.window_start + make_interval(secs => 3600) - now()))::int;
SELECT s.id, s.serial, s.status, c.sku, s.verification_count, s.first_verified_at, s.lost_at IS NOT NULL
  FROM serials s JOIN cards c ON c.id = s.card_id WHERE s.serial = 'S' || lpad(:s::text, 11, '0');
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
  SELECT id, verification_count, 'client-' || :c, 'printed' FROM counted
)
SELECT verification_count AS count FROM counted;
UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = 'verify-miss:' || :c;
