// Shipping waits for payment; an admin may let an order ship before it is paid, saying why (audited).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { ORDER_ADMIN_MESSAGES } from './fulfilment.ts';

const SHIP_UNPAID_MESSAGES = {
  final: 'This order has already shipped or was cancelled: there is nothing to let ship.',
} as const;

/** Records why the order may ship before it is paid; the last reason given stands, each one audited. */
export async function allowShipUnpaid(db: Db, actor: Actor, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new AppError('not_found', ORDER_ADMIN_MESSAGES.notFound);
    if (['shipped', 'delivered', 'cancelled'].includes(order.status)) {
      throw new AppError('conflict', SHIP_UNPAID_MESSAGES.final, { reason: [SHIP_UNPAID_MESSAGES.final] });
    }
    await tx.update(orders).set({ shipUnpaidReason: reason }).where(eq(orders.id, id));
    await recordAudit(tx, actor, {
      action: 'order.ship_unpaid',
      targetType: 'order',
      targetId: id,
      before: { reason: order.shipUnpaidReason },
      after: { reason },
    });
  });
}
