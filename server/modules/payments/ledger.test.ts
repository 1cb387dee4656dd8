import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, users } from '../../db/schema/index.ts';
import { insertPendingOrder } from '../../test/placed-orders.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { issueCreditNote, issueInvoice } from '../billing/invoices.ts';
import { entriesOf, moneyOf, recordPayment, recordRefund, settleRefund } from './ledger.ts';

let t: TestDatabase;
let userId: number;
const system = { id: 0, email: 'system' };
beforeAll(async () => {
  t = await openTestDatabase('prepared');
  const [user] = await t.database.db
    .insert(users)
    .values({ username: 'ledger-buyer', email: 'ledger@example.test', passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('no user');
  userId = user.id;
  system.id = user.id;
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const db = () => t.database.db;
async function order() {
  return insertPendingOrder(db(), userId); // 2 × 25.00 = 5000 cents
}
const reload = async (id: number) => {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('gone');
  return row;
};

describe('the ledger', () => {
  it('keeps partial payments and overpayments exactly, each source once', async () => {
    const { id } = await order();
    await db().transaction((tx) =>
      recordPayment(tx, system, {
        orderId: id,
        method: 'bank_transfer',
        amountCents: 1999,
        sourceId: 'line-1',
      }),
    );
    expect(moneyOf(await reload(id))).toMatchObject({ owed_cents: 3001, state: 'partially_paid' });
    const again = await db().transaction((tx) =>
      recordPayment(tx, system, {
        orderId: id,
        method: 'bank_transfer',
        amountCents: 1999,
        sourceId: 'line-1',
      }),
    );
    expect(again.entry).toBeNull();
    await db().transaction((tx) =>
      recordPayment(tx, system, { orderId: id, method: 'card', amountCents: 3002, sourceId: 'pi_1' }),
    );
    const row = await reload(id);
    expect(row.paidCents).toBe(5001);
    expect(moneyOf(row)).toMatchObject({ owed_cents: -1, state: 'overpaid' });
  });

  it('records the same source once when it comes from two writers at once', async () => {
    const { id } = await order();
    const write = () =>
      db().transaction((tx) =>
        recordPayment(tx, system, { orderId: id, method: 'card', amountCents: 5000, sourceId: 'pi_race' }),
      );
    const results = await Promise.all([write(), write(), write()]);
    expect(results.filter((result) => result.entry).length).toBe(1);
    expect((await reload(id)).paidCents).toBe(5000);
    expect(await entriesOf(db(), id)).toHaveLength(1);
  });

  it('refunds no more than was paid, and a refund beyond an overpayment is credited against the invoice', async () => {
    const { id } = await order();
    await db().transaction((tx) => issueInvoice(tx, system, id));
    expect((await reload(id)).dueAt).not.toBeNull();
    await db().transaction((tx) =>
      recordPayment(tx, system, { orderId: id, method: 'card', amountCents: 5500, sourceId: 'pi_over' }),
    );
    await expect(
      db().transaction((tx) =>
        recordRefund(tx, system, { orderId: id, method: 'card', amountCents: 5501, status: 'succeeded' }),
      ),
    ).rejects.toThrow(/at most what was paid/);
    // 500 was overpaid: a refund of 1500 gives that back and lowers the charge by 1000 on a credit note.
    await db().transaction((tx) =>
      recordRefund(tx, system, {
        orderId: id,
        method: 'card',
        amountCents: 1500,
        sourceId: 're_1',
        status: 'pending',
      }),
    );
    expect((await reload(id)).refundedCents).toBe(0);
    await db().transaction((tx) =>
      settleRefund(tx, system, { method: 'card', sourceId: 're_1', status: 'succeeded' }),
    );
    const settledTwice = await db().transaction((tx) =>
      settleRefund(tx, system, { method: 'card', sourceId: 're_1', status: 'succeeded' }),
    );
    expect(settledTwice).toBeNull();
    const row = await reload(id);
    expect(row).toMatchObject({ refundedCents: 1500, creditedCents: 1000 });
    expect(moneyOf(row)).toMatchObject({ owed_cents: 0, state: 'paid' });
    const notes = await db().select().from(invoices).where(eq(invoices.orderId, id));
    expect(notes.map((note) => [note.kind, note.totalCents])).toEqual([
      ['invoice', 5000],
      ['credit_note', -1000],
    ]);
    // Cancelling then credits what is left of the invoice, and the firm owes back what was kept.
    await db().transaction((tx) => issueCreditNote(tx, system, id));
    const cancelled = await reload(id);
    expect(cancelled.creditedCents).toBe(5000);
    expect(moneyOf(cancelled)).toMatchObject({ owed_cents: -4000, state: 'overpaid' });
  });

  it('takes back the whole charge of an order cancelled before it was invoiced', async () => {
    const { id } = await order();
    expect(await db().transaction((tx) => issueCreditNote(tx, system, id))).toBeNull();
    expect(moneyOf(await reload(id))).toMatchObject({ owed_cents: 0, state: 'no_charge' });
  });
});
