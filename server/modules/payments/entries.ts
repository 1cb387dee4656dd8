import { inArray } from 'drizzle-orm';
import { centsToPrice } from '../../../common/money.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { entriesOf } from './ledger.ts';
import type { PaymentEntry } from './responses.ts';

/** An order's payments and refunds for the admin's money panel, each with who recorded it. */
export async function paymentEntries(db: Db, orderId: number): Promise<PaymentEntry[]> {
  const rows = await entriesOf(db, orderId);
  const ids = [...new Set(rows.flatMap((row) => (row.recordedBy === null ? [] : [row.recordedBy])))];
  const admins = ids.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const emailOf = new Map(admins.map((admin) => [admin.id, admin.email]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    method: row.method,
    status: row.status,
    amount: centsToPrice(row.amountCents),
    received_at: row.receivedAt.toISOString(),
    note: row.note,
    by: row.recordedBy === null ? null : (emailOf.get(row.recordedBy) ?? null),
  }));
}
