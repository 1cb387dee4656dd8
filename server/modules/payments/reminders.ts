// Reminders of an unpaid invoice: on its due date, then 7 and 14 days after, each once whatever the number of
// processes (the reminder's row, keyed by order and stage, is written in the transaction that queues its mail),
// and none once the order is paid or cancelled.

import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, paymentReminders, users } from '../../db/schema/index.ts';
import { pollLoop } from '../../jobs/poll-loop.ts';
import type { Mailer } from '../../mail/index.ts';
import { paymentReminderMail } from '../../mail/payment-mail.ts';
import { moneyOf } from './ledger.ts';
import { paymentOf } from './payment-block.ts';
import { orderUrl } from './receipt.ts';

/** Days after the due date each reminder goes: the newest stage reached is the one sent (never a backlog). */
const STAGES = [14, 7, 0] as const;
/** Orders handled per run: the rest wait for the next. */
const BATCH = 100;
const INTERVAL_MS = 15 * 60 * 1000;

interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const REMINDED = ['confirmed', 'shipped', 'delivered'] as const;

/** The newest stage an order's due date has reached by `now`. */
const stageAt = (now: Date) =>
  sql<number>`CASE ${sql.join(
    STAGES.map(
      (days) =>
        sql`WHEN ${orders.dueAt} + make_interval(days => ${days}::int) <= ${now.toISOString()}::timestamptz THEN ${sql.raw(String(days))}`,
    ),
    sql` `,
  )} END`.mapWith(Number);

/** Sends the reminders due by `now`, at most one batch; resolves with how many were queued. */
export async function remindUnpaid(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  const stage = stageAt(now);
  const candidates = await deps.db
    .select({ id: orders.id, stage })
    .from(orders)
    .where(
      and(
        isNotNull(orders.dueAt),
        sql`${orders.dueAt} <= ${now.toISOString()}::timestamptz`,
        inArray(orders.status, [...REMINDED]),
        sql`${orders.totalCents} - ${orders.creditedCents} - ${orders.paidCents} + ${orders.refundedCents} > 0`,
        sql`NOT EXISTS (SELECT 1 FROM ${paymentReminders} WHERE ${paymentReminders.orderId} = ${orders.id}
          AND ${paymentReminders.stage} = ${stage})`,
      ),
    )
    .orderBy(asc(orders.dueAt), asc(orders.id))
    .limit(BATCH);
  let sent = 0;
  for (const candidate of candidates) {
    const reminded = await deps.db.transaction(async (tx) => {
      // The order's lock: a payment recorded meanwhile is seen, and the reminder is not sent.
      const [found] = await tx
        .select({ order: orders, user: users })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, candidate.id))
        .for('update', { of: orders });
      if (!found || !(REMINDED as readonly string[]).includes(found.order.status)) return false;
      if (moneyOf(found.order, now).owed_cents <= 0) return false;
      const [row] = await tx
        .insert(paymentReminders)
        .values({ orderId: candidate.id, stage: candidate.stage, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      await deps.mailer.sendLater(
        paymentReminderMail(found.user.email, {
          firstName: found.user.firstName,
          number: found.order.number,
          payment: paymentOf(found.order, now),
          stage: candidate.stage,
          url: orderUrl(deps.publicUrl, found.order.number),
        }),
        tx,
      );
      return true;
    });
    if (reminded) sent += 1;
  }
  return sent;
}

/** The reminders' loop in this process: every 15 minutes, a batch at a time. */
export function paymentReminderLoop(deps: ReminderDeps & { log: Pick<FastifyBaseLogger, 'warn'> }) {
  return pollLoop({
    drainOnce: () => remindUnpaid(deps),
    intervalMs: INTERVAL_MS,
    log: deps.log,
    failure: 'payment reminders failed',
  });
}
