import { and, count, eq, gt, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { periodDays } from '../../../common/insights.ts';
import { MAX_VERIFICATIONS } from '../../../common/limits.ts';
import type { Db } from '../../db/client.ts';
import { leads, orders, serials, serialVerifications, users } from '../../db/schema/index.ts';
import { cardViewsPerDay } from '../insights/firm-totals.ts';
import { countWorkQueue } from '../orders/work-queue.ts';
import { owedByAge, paidPerDay, signedPrice } from '../payments/money-figures.ts';
import type { Dashboard } from './responses.ts';

/** A sum or count per UTC day since `since`; the days without rows are filled with 0 by the caller. */
async function perDay(
  db: Db,
  table: PgTable,
  at: AnyPgColumn,
  since: Date,
  value: SQL<number> = sql<number>`count(*)`,
  where?: SQL,
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, value: value.mapWith(Number) })
    .from(table)
    .where(and(gte(at, since), where))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.value]));
}

/** The firm's figures per day for the last `days` days (UTC), and what needs attention now. */
export async function dashboard(db: Db, days: number, now = new Date()): Promise<Dashboard> {
  const list = periodDays(days, now);
  const since = new Date(`${list[0]}T00:00:00Z`);
  const notCancelled = ne(orders.status, 'cancelled');
  const orderDay = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [
    orderDays,
    paidDays,
    owed,
    newUsers,
    checks,
    newLeads,
    cardViews,
    queue,
    [suspicious],
    [blocked],
    [unhandled],
  ] = await Promise.all([
    db
      .select({ day: orderDay, orders: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.createdAt, since), notCancelled))
      .groupBy(orderDay),
    paidPerDay(db, since),
    owedByAge(db, now),
    perDay(db, users, users.createdAt, since),
    perDay(db, serialVerifications, serialVerifications.verifiedAt, since),
    perDay(db, leads, leads.createdAt, since),
    cardViewsPerDay(db, list),
    countWorkQueue(db),
    db.select({ value: count() }).from(serials).where(gt(serials.verificationCount, MAX_VERIFICATIONS)),
    db.select({ value: count() }).from(serials).where(eq(serials.status, 'blocked')),
    db.select({ value: count() }).from(leads).where(eq(leads.status, 'new')),
  ]);
  const series = (map: Map<string, number>) => list.map((day) => ({ day, value: map.get(day) ?? 0 }));
  const orderCounts = new Map(orderDays.map((row) => [row.day, row.orders]));
  const revenueSeries = series(paidDays);
  return {
    days,
    orders: series(orderCounts),
    revenue_cents: revenueSeries,
    revenue_total: signedPrice(revenueSeries.reduce((sum, figure) => sum + figure.value, 0)),
    owed,
    new_users: series(newUsers),
    verifications: series(checks),
    leads: series(newLeads),
    card_taps: cardViews.map(({ day, taps }) => ({ day, value: taps })),
    card_other_views: cardViews.map(({ day, other }) => ({ day, value: other })),
    pending_orders: queue.reduce((sum, waiting) => sum + waiting.count, 0),
    work_queue: queue,
    suspicious_serials: suspicious?.value ?? 0,
    blocked_serials: blocked?.value ?? 0,
    unhandled_leads: unhandled?.value ?? 0,
  };
}
