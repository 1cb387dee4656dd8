// The admin's decisions on a line nothing matched: it pays this order, or it is not a payment for the firm.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { type BankLineRow, bankLines, orders } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { MAX_ID } from '../../../http/id-param.ts';
import { type Actor, recordAudit } from '../../staff/audit.ts';
import type { ReceiptDeps } from '../receipt.ts';
import { SHOP_CURRENCY } from './matching.ts';
import { payLine } from './pay-line.ts';

export const BANK_LINE_MESSAGES = {
  notFound: 'No such bank line.',
  decided: 'This line was already matched, assigned or set aside.',
  notSetAside: 'Only a line set aside can be put back.',
  noOrder: 'No order has this number.',
  cancelled: 'This order is cancelled; refund the money instead of assigning it.',
  currency: (currency: string) => `This line is in ${currency}; orders are paid in ${SHOP_CURRENCY}.`,
  tooMuch: 'This order’s payments would add up to more than the shop can record; check the order number.',
} as const;

async function openLine(
  tx: Db | Tx,
  id: number,
  state: 'unmatched' | 'ignored' = 'unmatched',
): Promise<BankLineRow> {
  const [line] = await tx.select().from(bankLines).where(eq(bankLines.id, id)).for('update');
  if (!line) throw new AppError('not_found', BANK_LINE_MESSAGES.notFound);
  if (line.state !== state)
    throw new AppError(
      'conflict',
      state === 'unmatched' ? BANK_LINE_MESSAGES.decided : BANK_LINE_MESSAGES.notSetAside,
    );
  return line;
}

/** Records the line as a payment on the order with this number (more than is owed is kept as it is). */
export function assignLine(
  db: Db,
  actor: Actor,
  id: number,
  orderNumber: string,
  receipt?: ReceiptDeps,
): Promise<BankLineRow> {
  return db.transaction(async (tx) => {
    const line = await openLine(tx, id);
    // Locked before its status is read, as every writer of an order's money does: a cancel or a refund
    // waits until the payment is recorded.
    const [order] = await tx.select().from(orders).where(eq(orders.number, orderNumber)).for('update');
    const refuse = (message: string) => new AppError('bad_request', message, { order: [message] });
    if (!order) throw refuse(BANK_LINE_MESSAGES.noOrder);
    if (order.status === 'cancelled') throw refuse(BANK_LINE_MESSAGES.cancelled);
    if (line.currency !== SHOP_CURRENCY) throw refuse(BANK_LINE_MESSAGES.currency(line.currency));
    // paid_cents is a 32-bit integer, the largest an id may be too.
    if (order.paidCents + line.amountCents > MAX_ID) throw refuse(BANK_LINE_MESSAGES.tooMuch);
    const paid = await payLine(tx, actor, line, order.id, { state: 'assigned', by: actor.id }, receipt);
    await recordAudit(tx, actor, {
      action: 'bank_line.assign',
      targetType: 'bank_line',
      targetId: id,
      after: { order: order.number, amount_cents: line.amountCents },
    });
    return paid;
  });
}

/** Sets the line aside: not a payment for the firm (a transfer between its own accounts, a supplier's refund). */
export function ignoreLine(db: Db, actor: Actor, id: number): Promise<BankLineRow> {
  return db.transaction(async (tx) => {
    await openLine(tx, id);
    const [ignored] = await tx
      .update(bankLines)
      .set({ state: 'ignored', decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(bankLines.id, id))
      .returning();
    if (!ignored) throw new Error('the bank line went away under its lock');
    await recordAudit(tx, actor, { action: 'bank_line.ignore', targetType: 'bank_line', targetId: id });
    return ignored;
  });
}

/** Puts a line set aside back among those to assign: setting aside was a mistake the admin can undo. */
export function restoreLine(db: Db, actor: Actor, id: number): Promise<BankLineRow> {
  return db.transaction(async (tx) => {
    const line = await openLine(tx, id, 'ignored');
    const [restored] = await tx
      .update(bankLines)
      .set({ state: 'unmatched', decidedBy: null, decidedAt: null })
      .where(eq(bankLines.id, id))
      .returning();
    if (!restored) throw new Error('the bank line went away under its lock');
    await recordAudit(tx, actor, {
      action: 'bank_line.restore',
      targetType: 'bank_line',
      targetId: id,
      before: { state: line.state, decided_by: line.decidedBy },
    });
    return restored;
  });
}
