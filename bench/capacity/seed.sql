-- Rows the hot statements touch, in a scratch database that has the app's migrations applied.
-- 10,000 buyers with one address each, 14 cards with a stock count, 100,000 claimed serials with a
-- secure chip, and a pool of mail bodies the size of the app's order mails.
INSERT INTO users (username, email, password_hash, first_name, email_verified_at)
SELECT 'u' || g, 'u' || g || '@example.test', 'x', 'Buyer', now() FROM generate_series(1, 10000) g;

INSERT INTO addresses (user_id, address, city, country, postal_code)
SELECT id, id || ' Main Street', 'Dublin', 'Ireland', 'D01 F5P2' FROM users ORDER BY id;

INSERT INTO cards (name, slug, sku, price_cents, category, description, stock)
SELECT 'Card ' || g, 'card-' || g, 'NX-C' || g, 2500 + g, 'classic', repeat('A card. ', 40), 1000000000
FROM generate_series(1, 14) g;

-- Ireland in a zone of its own with a tax rate: the order's one rate look-up finds it.
INSERT INTO shipping_zones (name, rate_cents) VALUES ('EU', 500);
INSERT INTO country_rates (country, zone_id, tax_rate_bp)
SELECT 'IE', id, 2300 FROM shipping_zones WHERE name = 'EU';

INSERT INTO serials (serial, card_id, claimed_by, claimed_at, chip_uid, sun_key_version)
SELECT 'S' || lpad(g::text, 11, '0'), 1 + g % 14, 1 + g % 10000, now(),
       upper(lpad(to_hex(g), 14, '0')), 1
FROM generate_series(1, 100000) g;

-- Order mails are a few KB of text and HTML; random hex does not compress away as repeated text would.
CREATE TABLE bench_mail_bodies (id integer PRIMARY KEY, text text NOT NULL, html text NOT NULL);
INSERT INTO bench_mail_bodies
SELECT b,
       (SELECT string_agg(md5(b::text || ':' || g), ' ') FROM generate_series(1, 60) g),
       (SELECT string_agg('<p>' || md5(g::text || ':' || b) || '</p>', '') FROM generate_series(1, 200) g)
FROM generate_series(1, 100) b;

VACUUM ANALYZE;
