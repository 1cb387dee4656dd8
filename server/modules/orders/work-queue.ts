// The firm's work queue: each state in which an order waits for the firm, defined once, and since when it waits.
import { and, inArray, not, type SQL, sql } from 'drizzle-orm';
import { WORK_QUEUES, type WorkQueue } from '../../../common/order-status.ts';
import type { Db } from '../../db/client.ts';
import { type OrderStatus, orderDesigns, orderLines, orderProofs, orders } from '../../db/schema/index.ts';

/** The newest proof's column of the order in the outer query (null while no proof was sent). */
const newestProof = (column: typeof orderProofs.status | typeof orderProofs.decidedAt) =>
  sql`(SELECT ${column} FROM ${orderProofs} WHERE ${orderProofs.orderId} = ${orders.id}
       ORDER BY ${orderProofs.version} DESC LIMIT 1)`;

/**
 * Still owes money and no admin let it go unpaid: what it is charged (nothing once cancelled, `orderMoney`'s
 * rule) exceeds what came in less what went back.
 */
const owesMoney = sql`(${orders.totalCents} - ${orders.creditedCents} - ${orders.paidCents} + ${orders.refundedCents} > 0
  AND ${orders.shipUnpaidReason} IS NULL)`;

/** A personalised order: one of its lines has printed cards, which the firm prints after the proof. */
const personalised = sql`EXISTS (SELECT 1 FROM ${orderDesigns}
  INNER JOIN ${orderLines} ON ${orderLines.id} = ${orderDesigns.orderLineId}
  WHERE ${orderLines.orderId} = ${orders.id})`;

interface QueueDefinition {
  /** The order statuses the queue draws from (an index narrows to them before `where` is read). */
  statuses: OrderStatus[];
  where: SQL;
  /** Since when the order has waited in this queue. */
  since: SQL;
}

/**
 * - to confirm: a plain order placed, not yet confirmed by the firm; waiting since it was placed.
 * - proof to send: a personalised order awaiting its proof with none open for the customer and no change
 *   asked (no proof yet); waiting since it was placed.
 * - changes requested: awaiting its proof, the newest proof answered "changes"; waiting since that answer.
 * - unpaid: a confirmed order that still owes money and that no admin let ship unpaid: it is neither printed
 *   nor shipped until paid; waiting since it was confirmed (invoiced), so the most overdue comes first.
 * - ready to print: a personalised order confirmed (its proof approved) and paid, not yet shipped; waiting
 *   since it was confirmed (an order's `updated_at` moves only with its status, never with its money).
 * - to ship: a plain order confirmed and paid, not yet shipped; waiting since it was confirmed.
 * An order waiting for the customer (a proof sent, undecided) is in none.
 */
const QUEUES: Record<WorkQueue, QueueDefinition> = {
  to_confirm: { statuses: ['pending'], where: sql`TRUE`, since: sql`${orders.createdAt}` },
  proof_to_send: {
    statuses: ['awaiting_proof'],
    where: sql`coalesce(${newestProof(orderProofs.status)}, '') NOT IN ('sent', 'changes_requested')`,
    since: sql`${orders.createdAt}`,
  },
  changes_requested: {
    statuses: ['awaiting_proof'],
    where: sql`${newestProof(orderProofs.status)} = 'changes_requested'`,
    since: newestProof(orderProofs.decidedAt),
  },
  unpaid: { statuses: ['confirmed'], where: owesMoney, since: sql`${orders.updatedAt}` },
  ready_to_print: {
    statuses: ['confirmed'],
    where: and(personalised, not(owesMoney)) as SQL,
    since: sql`${orders.updatedAt}`,
  },
  to_ship: {
    statuses: ['confirmed'],
    where: and(not(personalised), not(owesMoney)) as SQL,
    since: sql`${orders.updatedAt}`,
  },
};

const QUEUED_STATUSES = [...new Set(WORK_QUEUES.flatMap((queue) => QUEUES[queue].statuses))];

/** Orders in this queue (a condition on `orders`). */
export function inQueue(queue: WorkQueue): SQL {
  const { statuses, where } = QUEUES[queue];
  return and(inArray(orders.status, statuses), where) as SQL;
}

/** The queue of each order of `orders` (null: waiting for no one at the firm). */
export const queueOf = sql<WorkQueue | null>`CASE ${sql.join(
  WORK_QUEUES.map((queue) => sql`WHEN ${inQueue(queue)} THEN ${queue}`),
  sql` `,
)} END`;

/** Since when each order of `orders` has waited in its queue (null outside every queue). */
export const waitingSince = sql<Date | null>`CASE ${sql.join(
  WORK_QUEUES.map((queue) => sql`WHEN ${inQueue(queue)} THEN ${QUEUES[queue].since}`),
  sql` `,
)} END`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

/** Oldest wait first, for a list filtered to one queue. */
export const sinceIn = (queue: WorkQueue): SQL => QUEUES[queue].since;

interface QueueCount {
  queue: WorkQueue;
  count: number;
  /** The oldest wait in the queue; null when it is empty. */
  waiting_since: string | null;
}

/** How many orders wait in each queue, and since when the oldest has waited; every queue listed, in order. */
export async function countWorkQueue(db: Db): Promise<QueueCount[]> {
  const waiting = db
    .select({ queue: sql<WorkQueue | null>`${queueOf}`.as('queue'), since: sql`${waitingSince}`.as('since') })
    .from(orders)
    .where(inArray(orders.status, QUEUED_STATUSES))
    .as('waiting');
  const rows = await db
    .select({
      queue: waiting.queue,
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string | Date | null>`min(${waiting.since})`,
    })
    .from(waiting)
    .groupBy(waiting.queue);
  const byQueue = new Map(rows.map((row) => [row.queue, row]));
  return WORK_QUEUES.map((queue) => {
    const row = byQueue.get(queue);
    const oldest = row?.oldest ? new Date(row.oldest).toISOString() : null;
    return { queue, count: row?.count ?? 0, waiting_since: oldest };
  });
}
