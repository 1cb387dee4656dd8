-- A plain tap of /c/{serial} (server/modules/registry/service.ts tapTarget, then sun/tap-verification.ts
-- recordTap): the serial's look-up, then the event inserted while the client has room in its window.
-- Variables (-D): serials, clients.
\set s random(1, :serials)
\set c random(1, :clients)
SELECT s.*, c.name, u.username, u.profile_private,
       (u.email_verified_at IS NOT NULL AND u.disabled_at IS NULL) AS usable,
       EXISTS (SELECT 1 FROM team_claims t WHERE t.serial_id = s.id AND t.claimed_at IS NULL) AS reserved
  FROM serials s JOIN cards c ON c.id = s.card_id LEFT JOIN users u ON u.id = s.claimed_by
  WHERE s.serial = 'S' || lpad(:s::text, 11, '0');
INSERT INTO tap_events (serial_id, kind, uid, counter, key_version, client, network)
  SELECT :s, 'static', NULL, NULL, NULL, 'client-' || :c, 'net-' || :c / 256
  WHERE (SELECT count(*) FROM tap_events
         WHERE serial_id = :s AND client = 'client-' || :c AND kind = 'static'
           AND created_at > now() - interval '10 minutes') < 10;
