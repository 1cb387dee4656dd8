// The firm's money on the dashboard: what came in (less what went back) per day, and what is owed by age.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { centsToPrice } from '../../../common/money.ts';
import type { Db } from '../../db/client.ts';
import { invoices, orders, payments } from '../../db/schema/index.ts';
import type { OwedByAge } from './responses.ts';

/** "12.50" or "-12.50": a period's refunds may outweigh its payments. */
export const signedPrice = (cents: number) => (cents < 0 ? `-${centsToPrice(-cents)}` : centsToPrice(cents));

/** Money in less refunds per UTC day it moved (its `received_at`), since `since`. */
export async function paidPerDay(db: Db, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${payments.receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      cents:
        sql<number>`sum(CASE WHEN ${payments.kind} = 'payment' THEN ${payments.amountCents} ELSE -${payments.amountCents} END)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(and(gte(payments.receivedAt, since), eq(payments.status, 'succeeded')))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.cents]));
}

/** Age buckets in days since the invoice's date, the last one open-ended. */
const BUCKETS = [
  { label: '0–30 days', from: 0, to: 30 },
  { label: '31–60 days', from: 31, to: 60 },
  { label: 'Over 60 days', from: 61, to: null },
] as const;

/** What invoiced orders still owe, by the age of their invoice: count and amount per bucket, and in all. */
export async function owedByAge(db: Db, now: Date): Promise<OwedByAge> {
  const owed = sql`${orders.totalCents} - ${orders.creditedCents} - ${orders.paidCents} + ${orders.refundedCents}`;
  // A literal, not a parameter: the same expression in SELECT and GROUP BY must read the same to PostgreSQL.
  const age = sql`floor(extract(epoch from (${sql.raw(`'${now.toISOString()}'::timestamptz`)} - ${invoices.issuedAt})) / 86400)`;
  const bucket = sql<number>`CASE WHEN ${age} <= 30 THEN 0 WHEN ${age} <= 60 THEN 1 ELSE 2 END`.mapWith(
    Number,
  );
  const rows = await db
    .select({
      bucket,
      count: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`sum(${owed})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
    .where(and(inArray(orders.status, ['confirmed', 'shipped', 'delivered']), sql`${owed} > 0`))
    .groupBy(bucket);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const buckets = BUCKETS.map((definition, index) => {
    const row = byBucket.get(index);
    return {
      ...definition,
      count: row?.count ?? 0,
      amount: centsToPrice(row?.cents ?? 0),
    };
  });
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    total: centsToPrice(rows.reduce((sum, row) => sum + row.cents, 0)),
    buckets,
  };
}
