-- One order as placeOrder (server/modules/orders/service.ts) sends it: the Idempotency-Key look-up, the two
-- rate-limit counts, then one transaction (address, prices, stock lock and decrement, rates, the order, its
-- line, two queued mails), then the catalogue change published (a stock count changed).
-- Variables (-D): users, cards, clients.
\set user random(1, :users)
\set card random(1, :cards)
\set qty random(1, 3)
\set key random(1, 1000000000000)
\set number random(1, 1000000000000000)
\set ip random(1, :clients)
\set customer_body 1 + :number % 100
\set sales_body 1 + :key % 100
SELECT * FROM orders WHERE user_id = :user AND idempotency_key = 'key-' || :key;
INSERT INTO rate_limits (key, window_start, count) VALUES ('order:' || :user, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN 1 ELSE rate_limits.count + 1 END,
    window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN now() ELSE rate_limits.window_start END
  RETURNING count, ceil(extract(epoch FROM rate_limits.window_start + make_interval(secs => 3600) - now()))::int;
INSERT INTO rate_limits (key, window_start, count) VALUES ('order-client:' || :ip, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN 1 ELSE rate_limits.count + 1 END,
    window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => 3600) THEN now() ELSE rate_limits.window_start END
  RETURNING count, ceil(extract(epoch FROM rate_limits.window_start + make_interval(secs => 3600) - now()))::int;
BEGIN;
SELECT * FROM addresses WHERE id = :user AND user_id = :user;
SELECT * FROM cards WHERE id IN (:card) ORDER BY id;
SELECT id, stock FROM cards WHERE id IN (:card) ORDER BY id FOR UPDATE;
UPDATE cards SET stock = stock - :qty, updated_at = now() WHERE id = :card AND stock IS NOT NULL;
SELECT z.name, z.rate_cents, r.tax_rate_bp FROM country_rates r JOIN shipping_zones z ON z.id = r.zone_id
  WHERE r.country = 'IE';
INSERT INTO orders (number, user_id, total_cents, subtotal_cents, shipping_cents, shipping_zone, tax_cents,
    tax_rate_bp, item_count, address_id, ship_address, ship_city, ship_state, ship_country, ship_postal_code,
    idempotency_key, request_hash)
  VALUES ('NX-' || :number, :user, 3690, 2500, 500, 'EU', 690, 2300, :qty, :user, '1 Main Street', 'Dublin', '',
    'Ireland', 'D01 F5P2', 'key-' || :key, md5('h' || :key) || md5('n' || :number))
  RETURNING *;
INSERT INTO order_lines (order_id, card_id, name, sku, design, unit_price_cents, quantity)
  VALUES (currval('orders_id_seq'), :card, 'Card', 'NX-C1', 'classic', 2500, :qty)
  RETURNING *;
INSERT INTO mail_queue (to_address, subject, text, html)
  SELECT 'u' || :user || '@example.test', 'Your order', text, html FROM bench_mail_bodies WHERE id = :customer_body;
INSERT INTO mail_queue (to_address, subject, text, html)
  SELECT 'sales@example.test', 'New order', text, html FROM bench_mail_bodies WHERE id = :sales_body;
COMMIT;
SELECT pg_notify('capacity_bench', 'catalog');
