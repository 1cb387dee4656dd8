import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankLines, bankStatements, orders, payments, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { insertPendingOrder } from '../../../test/placed-orders.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { moneyOf, recordPayment } from '../ledger.ts';
import { importStatement } from './import.ts';

let t: TestDatabase;
const admin = { id: 0, email: 'books@example.test' };
let buyer = 0;
beforeAll(async () => {
  t = await openTestDatabase('prepared');
  const [user] = await t.database.db
    .insert(users)
    .values({ username: 'bank-admin', email: admin.email, passwordHash: 'x', role: 'admin' })
    .returning();
  if (!user) throw new Error('no user');
  admin.id = user.id;
  buyer = user.id;
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const db = () => t.database.db;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** An order of 50.00 with the number a fixture quotes. */
async function orderNumbered(number: string) {
  const { id } = await insertPendingOrder(db(), buyer);
  await db().update(orders).set({ number }).where(eq(orders.id, id));
  return id;
}
async function order(id: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('gone');
  return row;
}
async function tableSizes() {
  const size = async (table: typeof bankLines | typeof bankStatements | typeof payments | typeof auditLog) =>
    (await db().select({ n: count() }).from(table))[0]?.n;
  return {
    statements: await size(bankStatements),
    lines: await size(bankLines),
    payments: await size(payments),
    audit: await size(auditLog),
  };
}
async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('importing camt.053 statements', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.full = await orderNumbered('NX-7K3M-9Q2P');
    ids.partial = await orderNumbered('NX-4H8T-2W6R');
    ids.batch = await orderNumbered('NX-5C1D-8E3F');
  });

  it('records matched and partial lines as payments and leaves unknown ones to assign', async () => {
    const result = await importStatement(db(), admin, fixture('day-1.camt053.xml'), 'day-1.xml');
    expect(result).toEqual({
      statement_id: expect.any(Number),
      format: 'camt053',
      lines: 5,
      matched: 2,
      partial: 1,
      to_assign: 2,
      already_imported: 0,
      debits_skipped: 1,
      not_booked_skipped: 1,
      detail:
        '5 lines: 3 matched (1 in part), 2 to assign, 0 already imported; 1 debit skipped, 1 not yet booked skipped.',
    });
    expect(moneyOf(await order(ids.full as number))).toMatchObject({ state: 'paid', owed_cents: 0 });
    expect(moneyOf(await order(ids.partial as number))).toMatchObject({
      state: 'partially_paid',
      owed_cents: 3000,
    });
    expect(moneyOf(await order(ids.batch as number))).toMatchObject({ state: 'paid' });
    const lines = await db().select().from(bankLines).orderBy(bankLines.id);
    expect(
      lines.map((line) => [line.amountCents, line.state, line.orderId, line.paymentId !== null]),
    ).toEqual([
      [5000, 'matched', ids.full, true],
      [2000, 'matched', ids.partial, true],
      [7500, 'unmatched', null, false],
      [5000, 'matched', ids.batch, true],
      [3000, 'unmatched', null, false],
    ]);
    expect(lines[0]).toMatchObject({
      dedupeKey: 'ref:DE89370400440532013000:EXB-20261127-A001',
      bookedOn: '2026-11-27',
      counterparty: 'Ada Lovelace & Co',
      remittance: 'RF24NX7K3M9Q2P',
    });
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, ids.full as number));
    expect(payment).toMatchObject({
      method: 'bank_transfer',
      sourceId: 'bank:ref:DE89370400440532013000:EXB-20261127-A001',
      amountCents: 5000,
      receivedAt: new Date('2026-11-27T00:00:00Z'),
      recordedBy: null,
    });
    const [statement] = await db().select().from(bankStatements);
    expect(statement).toMatchObject({
      format: 'camt053',
      reference: 'EXB-STMT-20261127',
      lineCount: 5,
      importedBy: admin.id,
    });
  });

  it('changes nothing when the same statement comes again', async () => {
    const before = await tableSizes();
    const paid = (await order(ids.partial as number)).paidCents;
    const again = await importStatement(db(), admin, fixture('day-1.camt053.xml'), 'day-1 (copy).xml');
    expect(again).toMatchObject({
      statement_id: null,
      matched: 0,
      partial: 0,
      to_assign: 0,
      already_imported: 5,
    });
    expect(again.detail).toBe(
      '5 lines: 0 matched, 0 to assign, 5 already imported; 1 debit skipped, 1 not yet booked skipped.',
    );
    expect(await tableSizes()).toEqual(before);
    expect((await order(ids.partial as number)).paidCents).toBe(paid);
  });

  it('imports only what is new of an overlapping statement: the rest of a partial payment settles its order', async () => {
    const result = await importStatement(db(), admin, fixture('day-2.camt053.xml'), 'day-2.xml');
    expect(result).toMatchObject({ lines: 2, matched: 1, partial: 0, to_assign: 0, already_imported: 1 });
    expect(moneyOf(await order(ids.full as number))).toMatchObject({ state: 'paid' });
    expect(await order(ids.partial as number)).toMatchObject({ paidCents: 5000 });
  });

  it('refuses a malformed file with the entry that is wrong and imports nothing of it', async () => {
    const id = await orderNumbered('NX-6A2B-7C9D');
    const before = await tableSizes();
    const broken = fixture('day-1.camt053.xml')
      .toString()
      .replace('EXB-20261127-A001', 'NEW-1')
      .replace('RF24NX7K3M9Q2P', 'RF97NX6A2B7C9D')
      .replace('<Amt Ccy="USD">75.00</Amt>', '<Amt Ccy="USD">seventy-five</Amt>');
    const error = await refusal(importStatement(db(), admin, Buffer.from(broken), 'broken.xml'));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe(
      'Entry 3 (line 72): the amount "seventy-five" is not a positive amount of money. Nothing was imported.',
    );
    expect(await tableSizes()).toEqual(before);
    expect((await order(id)).paidCents).toBe(0);
  });

  it('leaves to the admin an overpayment, a paid or cancelled order, and another currency', async () => {
    const over = await orderNumbered('NX-8P8P-8P8P');
    const cancelled = await orderNumbered('NX-9C9C-9C9C');
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled));
    const header = 'date,amount,currency,reference,name,bank_reference\n';
    const csv = [
      '2026-11-29,50.01,USD,NX-8P8P-8P8P,Too Much,T1',
      '2026-11-29,50.00,USD,NX-9C9C-9C9C,Too Late,T2',
      '2026-11-29,50.00,EUR,NX-8P8P-8P8P,Other Money,T3',
      '2026-11-29,1.00,USD,RF24NX7K3M9Q2P,Already Paid,T4',
    ].join('\n');
    const result = await importStatement(db(), admin, Buffer.from(`${header}${csv}\n`), 'edge.csv');
    expect(result).toMatchObject({ lines: 4, matched: 0, partial: 0, to_assign: 4 });
    expect((await order(over)).paidCents).toBe(0);
    expect((await order(cancelled)).paidCents).toBe(0);
  });
});

describe('importing a CSV statement', () => {
  it('matches by reference, skips debits, and keys a line without a bank reference by what it says', async () => {
    const id = await orderNumbered('NX-2D2D-2D2D');
    const header = 'date,amount,currency,reference,name,bank_reference\n';
    const csv = `${header}2026-11-30,50.00,USD,Order NX-2D2D-2D2D,Margaret Hamilton,\n2026-11-30,-3.00,USD,Fees,,\n`;
    const first = await importStatement(db(), admin, Buffer.from(csv), 'csv-1.csv');
    expect(first).toMatchObject({ format: 'csv', lines: 1, matched: 1, debits_skipped: 1 });
    expect(moneyOf(await order(id)).state).toBe('paid');
    const again = await importStatement(db(), admin, Buffer.from(csv), 'csv-1 again.csv');
    expect(again).toMatchObject({ matched: 0, already_imported: 1 });
    expect((await order(id)).paidCents).toBe(5000);
  });

  it('records each line once when the same file is imported twice at the same time', async () => {
    const id = await orderNumbered('NX-3E3E-3E3E');
    const csv = Buffer.from(
      'date,amount,currency,reference,name,bank_reference\n2026-11-30,50.00,USD,RF? no: NX-3E3E-3E3E,Twice,RACE-1\n',
    );
    const results = await Promise.all([
      importStatement(db(), admin, csv, 'a.csv'),
      importStatement(db(), admin, csv, 'b.csv'),
    ]);
    expect(results.map((result) => result.matched).sort()).toEqual([0, 1]);
    expect((await order(id)).paidCents).toBe(5000);
    expect(await db().select().from(payments).where(eq(payments.orderId, id))).toHaveLength(1);
  });

  it('never pays twice what a card payment arriving at the same moment already paid', async () => {
    const id = await orderNumbered('NX-4F4F-4F4F');
    const csv = Buffer.from(
      'date,amount,currency,reference,name,bank_reference\n2026-11-30,50.00,USD,NX-4F4F-4F4F,Both,RACE-CARD\n',
    );
    const [, imported] = await Promise.all([
      db().transaction((tx) =>
        recordPayment(tx, admin, {
          orderId: id,
          method: 'card',
          amountCents: 5000,
          sourceId: 'pi_race_bank',
        }),
      ),
      importStatement(db(), admin, csv, 'race.csv'),
    ]);
    const [line] = await db().select().from(bankLines).where(eq(bankLines.dedupeKey, 'ref::RACE-CARD'));
    const paid = (await order(id)).paidCents;
    if (imported.matched === 1) {
      // The transfer came first: the card payment is a second payment, kept exactly for a refund.
      expect(line?.state).toBe('matched');
      expect(paid).toBe(10000);
    } else {
      // The card came first: the transfer waits for the admin instead of paying the order again.
      expect(line?.state).toBe('unmatched');
      expect(paid).toBe(5000);
    }
  });
});
