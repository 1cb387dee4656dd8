import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { orderLines, orders } from '../db/schema/index.ts';

/**
 * A pending order written straight to the database, as checkout leaves one (snapshot lines, address and
 * totals): for tests that need many orders without placing each through the rate-limited API.
 */
export async function insertPendingOrder(
  db: Db,
  userId: number,
  lines = [
    { name: 'Matte Black Card', sku: 'MB-01', design: 'Matte Black', unitPriceCents: 2500, quantity: 2 },
  ],
): Promise<{ id: number; number: string }> {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const [order] = await db
    .insert(orders)
    .values({
      number: `NX-${suffix.slice(0, 4)}-${suffix.slice(4)}`,
      userId,
      totalCents: subtotal,
      subtotalCents: subtotal,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      shipAddress: '1 Quay Street',
      shipCity: 'Galway',
      shipState: '',
      shipCountry: 'Ireland',
      shipPostalCode: 'H91 AB12',
      idempotencyKey: `key-${suffix}`,
      requestHash: 'test',
    })
    .returning({ id: orders.id, number: orders.number });
  if (!order) throw new Error('no order');
  await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order.id, cardId: null })));
  return order;
}
