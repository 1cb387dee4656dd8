// The only writer of money on orders: each payment or refund is an entry in `payments`, and the order's sums
// move with it in the same transaction, under the order's row lock, so concurrent writers (a webhook, a
// statement import, an admin) queue and none is lost or counted twice.
import { and, eq, sql } from 'drizzle-orm';
import { orderMoney } from '../../../common/payment-state.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type OrderRow,
  orders,
  type PaymentMethod,
  type PaymentRow,
  type PaymentStatus,
  payments,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { issueCreditNote } from '../billing/invoices.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';

/** @public What the ledger refuses with, for the writers that word it again. */
export const LEDGER_MESSAGES = {
  notFound: 'No such order.',
  refundTooLarge: (cents: number) =>
    `A refund can give back at most what was paid and not yet refunded (${(cents / 100).toFixed(2)}).`,
} as const;

/** @public Who wrote an entry: an admin, or a system source (Stripe's webhook, a statement import) in its name. */
export type LedgerActor = Actor;

/** @public */
export interface EntryInput {
  orderId: number;
  method: PaymentMethod;
  amountCents: number;
  /** The source's own id (Stripe's PaymentIntent or Refund, a bank line): the same source is one entry. */
  sourceId?: string | null;
  receivedAt?: Date;
  recordedBy?: number | null;
  note?: string | null;
}

export interface EntryResult {
  /** The entry written, or null when its source was already recorded (nothing changed). */
  entry: PaymentRow | null;
  order: OrderRow;
}

/** The order, locked until the caller's transaction ends: every writer of its money takes this lock first. */
async function lockOrder(tx: Db | Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('not_found', LEDGER_MESSAGES.notFound);
  return order;
}

export const moneyOf = (order: OrderRow, now?: Date) =>
  orderMoney(
    {
      total_cents: order.totalCents,
      credited_cents: order.creditedCents,
      paid_cents: order.paidCents,
      refunded_cents: order.refundedCents,
      due_at: order.dueAt?.toISOString() ?? null,
      cancelled: order.status === 'cancelled',
    },
    now,
  );

async function insertEntry(
  tx: Db | Tx,
  kind: 'payment' | 'refund',
  status: PaymentStatus,
  input: EntryInput,
): Promise<PaymentRow | null> {
  const [entry] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      kind,
      method: input.method,
      status,
      amountCents: input.amountCents,
      sourceId: input.sourceId ?? null,
      receivedAt: input.receivedAt ?? sql`now()`,
      recordedBy: input.recordedBy ?? null,
      note: input.note ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return entry ?? null;
}

/** Money in: recorded once per source, added to the order's paid sum. An overpayment is kept as it is. */
export async function recordPayment(
  tx: Db | Tx,
  actor: LedgerActor,
  input: EntryInput,
): Promise<EntryResult> {
  await lockOrder(tx, input.orderId);
  const entry = await insertEntry(tx, 'payment', 'succeeded', input);
  if (!entry) return { entry: null, order: await lockOrder(tx, input.orderId) };
  const [order] = await tx
    .update(orders)
    .set({ paidCents: sql`${orders.paidCents} + ${input.amountCents}` })
    .where(eq(orders.id, input.orderId))
    .returning();
  if (!order) throw new Error('the order went away under its lock');
  await recordAudit(tx, actor, {
    action: 'order.payment',
    targetType: 'order',
    targetId: input.orderId,
    after: {
      method: input.method,
      amount_cents: input.amountCents,
      ...(input.note ? { note: input.note } : {}),
    },
  });
  return { entry, order };
}

/** What may still be refunded: paid, less refunded and refunds asked for and not yet ended. */
async function refundable(tx: Db | Tx, order: OrderRow): Promise<number> {
  const [pending] = await tx
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund'), eq(payments.status, 'pending')));
  return order.paidCents - order.refundedCents - (pending?.cents ?? 0);
}

/**
 * Money out. `pending` (a refund asked of Stripe) counts only once `settleRefund` says it succeeded; a
 * succeeded refund is applied at once. Never more than was paid and not yet refunded, unless `madeByProvider`:
 * a refund the provider says it made (Stripe's webhook) is a fact, so it is recorded even beyond what the
 * ledger counts as refundable, and its audit entry says so for the admin (decision 065).
 */
export async function recordRefund(
  tx: Db | Tx,
  actor: LedgerActor,
  input: EntryInput & { status: 'pending' | 'succeeded'; madeByProvider?: boolean },
): Promise<EntryResult> {
  const locked = await lockOrder(tx, input.orderId);
  if (input.sourceId) {
    const [known] = await tx
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(and(eq(payments.method, input.method), eq(payments.sourceId, input.sourceId)));
    // Already recorded pending (the admin's call and Stripe's webhook raced): it ended as this says, else
    // it would stay pending for ever, the event that told of it spent.
    if (known?.status === 'pending' && input.status === 'succeeded') {
      const settled = await settleRefund(tx, actor, {
        method: input.method,
        sourceId: input.sourceId,
        status: input.status,
      });
      return settled ?? { entry: null, order: await lockOrder(tx, input.orderId) };
    }
    if (known) return { entry: null, order: locked };
  }
  const left = await refundable(tx, locked);
  const beyond = input.amountCents > left;
  if (beyond && !input.madeByProvider)
    throw new AppError('conflict', LEDGER_MESSAGES.refundTooLarge(left), {
      amount: [LEDGER_MESSAGES.refundTooLarge(left)],
    });
  const entry = await insertEntry(tx, 'refund', input.status, input);
  if (!entry) return { entry: null, order: locked };
  await recordAudit(tx, actor, {
    action: input.status === 'pending' ? 'order.refund.requested' : 'order.refund',
    targetType: 'order',
    targetId: input.orderId,
    after: {
      method: input.method,
      amount_cents: input.amountCents,
      ...(input.note ? { note: input.note } : {}),
      ...(beyond ? { beyond_refundable_cents: input.amountCents - Math.max(0, left) } : {}),
    },
  });
  const order =
    input.status === 'succeeded'
      ? await applyRefund(tx, actor, locked, fitting(locked, input.amountCents))
      : locked;
  return { entry, order };
}

/**
 * What of a refund the order's sums can take: the refunded sum never passes the paid sum (a constraint). Only
 * a refund the provider made beyond the ledger's count is cut; its entry keeps the full amount, and its audit
 * entry says by how much it went beyond, for the admin.
 */
const fitting = (order: OrderRow, cents: number) =>
  Math.max(0, Math.min(cents, order.paidCents - order.refundedCents));

/**
 * A refund that happened: added to the refunded sum; the part of it beyond what was overpaid lowers what the
 * buyer is charged, so it is credited on a credit note that references the invoice (when there is one).
 */
async function applyRefund(
  tx: Db | Tx,
  actor: LedgerActor,
  order: OrderRow,
  cents: number,
): Promise<OrderRow> {
  const overpaid = Math.max(0, -moneyOf(order).owed_cents);
  const lowers = Math.min(Math.max(0, cents - overpaid), order.totalCents - order.creditedCents);
  const [updated] = await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${cents}` })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('the order went away under its lock');
  if (lowers === 0 || cents === 0) return updated;
  const note = await issueCreditNote(tx, actor, order.id, { amountCents: lowers });
  if (note) return lockOrder(tx, order.id);
  // Not invoiced yet: the charge is lowered now; issueInvoice documents it by a credit note after the invoice.
  const [lowered] = await tx
    .update(orders)
    .set({ creditedCents: sql`${orders.creditedCents} + ${lowers}` })
    .where(eq(orders.id, order.id))
    .returning();
  if (!lowered) throw new Error('the order went away under its lock');
  return lowered;
}

/**
 * How a refund ended (Stripe's webhook): succeeded applies a pending one, failed leaves a pending one's sums
 * alone. A succeeded one that failed after all (the card's bank sent it back) is taken back out of the
 * refunded sum: the buyer did not get the money, so the order shows it as theirs again (overpaid) for the
 * admin to give back another way. Its credit stays: the credit note is issued and the charge stays lowered.
 * One already ended this way, or one never recorded here, changes nothing (null).
 */
export async function settleRefund(
  tx: Db | Tx,
  actor: LedgerActor,
  input: { method: PaymentMethod; sourceId: string; status: 'succeeded' | 'failed' },
): Promise<EntryResult | null> {
  const [seen] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.method, input.method), eq(payments.sourceId, input.sourceId)));
  if (!seen) return null;
  const locked = await lockOrder(tx, seen.orderId);
  // Read again under the order's lock: another writer may have settled it meanwhile.
  const [found] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.method, input.method), eq(payments.sourceId, input.sourceId)));
  if (found?.kind !== 'refund') return null;
  const reversing = input.status === 'failed';
  const [entry] = await tx
    .update(payments)
    .set({ status: input.status, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, found.id),
        reversing ? sql`${payments.status} in ('pending', 'succeeded')` : eq(payments.status, 'pending'),
      ),
    )
    .returning();
  if (!entry) return null;
  const wasApplied = reversing && found.status === 'succeeded';
  const applied = input.status === 'succeeded' ? fitting(locked, found.amountCents) : 0;
  await recordAudit(tx, actor, {
    action:
      input.status === 'succeeded'
        ? 'order.refund'
        : wasApplied
          ? 'order.refund.reversed'
          : 'order.refund.failed',
    targetType: 'order',
    targetId: found.orderId,
    after: {
      method: input.method,
      amount_cents: found.amountCents,
      ...(applied < found.amountCents && input.status === 'succeeded'
        ? { beyond_refundable_cents: found.amountCents - applied }
        : {}),
    },
  });
  if (input.status === 'succeeded') return { entry, order: await applyRefund(tx, actor, locked, applied) };
  if (!wasApplied) return { entry, order: locked };
  // Never below zero: a refund cut when it was applied (`fitting`) takes back at most what is counted.
  const [order] = await tx
    .update(orders)
    .set({ refundedCents: sql`greatest(0, ${orders.refundedCents} - ${found.amountCents})` })
    .where(eq(orders.id, found.orderId))
    .returning();
  if (!order) throw new Error('the order went away under its lock');
  return { entry, order };
}

/** An order's entries, oldest first: what the admin's order page and the buyer's order list. */
export function entriesOf(db: Db | Tx, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}
