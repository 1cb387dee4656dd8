import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { databaseMigratedTo, rowsOf } from '../test/migrations-up-to.ts';
import { prepareDatabase } from './prepare.ts';

const opened = databaseMigratedTo(20);

it('migration 0021 counts the units already sold of each card, cancelled orders not counted', async () => {
  const database = opened();
  const [user] = await rowsOf<{ id: number }>(
    database,
    sql`INSERT INTO users (username, email, password_hash, first_name)
        VALUES ('old-buyer', 'old@example.test', 'x', 'Olive') RETURNING id`,
  );
  const cards = await rowsOf<{ id: number }>(
    database,
    sql`INSERT INTO cards (name, slug, sku, price_cents, category)
        VALUES ('Sold', 'sold', 'S-1', 100, 'Matte Black'), ('Unsold', 'unsold', 'S-2', 100, 'Matte Black')
        RETURNING id`,
  );
  const [sold, unsold] = cards.map((card) => card.id);
  const orders = await rowsOf<{ id: number }>(
    database,
    sql`INSERT INTO orders (number, user_id, total_cents, subtotal_cents, item_count, ship_address, ship_city,
          ship_state, ship_country, ship_postal_code, idempotency_key, request_hash, status)
        VALUES ('NX-AAAA-0001', ${user?.id}, 100, 100, 1, '1 Road', 'Town', '', 'Germany', '10115', 'k1', 'h', 'delivered'),
               ('NX-AAAA-0002', ${user?.id}, 100, 100, 1, '1 Road', 'Town', '', 'Germany', '10115', 'k2', 'h', 'pending'),
               ('NX-AAAA-0003', ${user?.id}, 100, 100, 1, '1 Road', 'Town', '', 'Germany', '10115', 'k3', 'h', 'cancelled')
        RETURNING id`,
  );
  for (const [order, quantity] of [
    [orders[0]?.id, 2],
    [orders[1]?.id, 5],
    [orders[2]?.id, 40],
  ]) {
    await database.db.execute(sql`
      INSERT INTO order_lines (order_id, card_id, name, sku, design, unit_price_cents, quantity)
      VALUES (${order}, ${sold}, 'Sold', 'S-1', 'Matte Black', 100, ${quantity})`);
  }

  await prepareDatabase(database, { seedDemo: false });

  const counted = await rowsOf<{ id: number; units_sold: number }>(
    database,
    sql`SELECT id, units_sold FROM cards WHERE id IN (${sold}, ${unsold}) ORDER BY id`,
  );
  expect(counted).toEqual([
    { id: sold, units_sold: 7 },
    { id: unsold, units_sold: 0 },
  ]);
});
