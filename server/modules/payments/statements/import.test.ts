import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
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

// The rule: an automatic match never makes an order overpaid. A transfer for an order a card already paid
// waits for the admin; a card paid after the transfer matched is a second real payment, kept exactly
// (the order shows the overpayment and the firm refunds one).
const cardPayment = (orderId: number, sourceId: string) =>
  db().transaction((tx) =>
    recordPayment(tx, admin, { orderId, method: 'card', amountCents: 5000, sourceId }),
  );
const transfer = (number: string, reference: string) =>
  Buffer.from(
    `date,amount,currency,reference,name,bank_reference\n2026-11-30,50.00,USD,${number},Both,${reference}\n`,
  );
const lineOf = async (reference: string) =>
  (await db().select().from(bankLines)).find((line) => line.dedupeKey.endsWith(`:${reference}`));

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
      held: [],
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
      dedupeKey: 'ref:DE89370400440532013000:2026-11-27:5000:USD:EXB-20261127-A001',
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
      sourceId: 'bank:ref:DE89370400440532013000:2026-11-27:5000:USD:EXB-20261127-A001',
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

  it('leaves to the admin a transfer for an order the card already paid (card committed, then the import)', async () => {
    const id = await orderNumbered('NX-4F4F-4F4F');
    await cardPayment(id, 'pi_card_first');
    const imported = await importStatement(db(), admin, transfer('NX-4F4F-4F4F', 'CARD-FIRST'), 'c.csv');
    expect(imported).toMatchObject({ matched: 0, partial: 0, to_assign: 1 });
    expect((await lineOf('CARD-FIRST'))?.state).toBe('unmatched');
    expect(moneyOf(await order(id))).toMatchObject({ state: 'paid', net_paid_cents: 5000 });
  });

  it('keeps a card payment made after the transfer matched as a second payment, shown exactly (import, then the card)', async () => {
    const id = await orderNumbered('NX-5G5G-5G5G');
    const imported = await importStatement(db(), admin, transfer('NX-5G5G-5G5G', 'CARD-SECOND'), 'd.csv');
    expect(imported).toMatchObject({ matched: 1, to_assign: 0 });
    expect((await order(id)).paidCents).toBe(5000);
    await cardPayment(id, 'pi_card_second');
    expect((await lineOf('CARD-SECOND'))?.state).toBe('matched');
    expect(moneyOf(await order(id))).toMatchObject({
      state: 'overpaid',
      net_paid_cents: 10000,
      owed_cents: -5000,
    });
    expect(await db().select().from(payments).where(eq(payments.orderId, id))).toHaveLength(2);
  });
});

describe('a card payment and a statement import for one order at the same moment', () => {
  // On PostgreSQL (CI's second run) the two transactions truly overlap and queue on the order's row lock;
  // whichever takes it first decides, and the other sees what it wrote: never a lost update, never a line
  // paying an order the card already paid, each source once.
  it('ends in one of the two orders of events, never a lost update, on every try', async () => {
    for (let round = 0; round < 6; round += 1) {
      const number = `NX-RC${round}A-RC${round}B`;
      const id = await orderNumbered(number);
      const reference = `SAME-MOMENT-${round}`;
      const [card, imported] = await Promise.all([
        db().transaction((tx) =>
          recordPayment(tx, admin, {
            orderId: id,
            method: 'card',
            amountCents: 5000,
            sourceId: `pi_race_${round}`,
          }),
        ),
        importStatement(db(), admin, transfer(number, reference), `race-${round}.csv`),
      ]);
      expect(card.entry).not.toBeNull();
      const entries = await db().select().from(payments).where(eq(payments.orderId, id));
      const row = await order(id);
      // The order's sum is its entries' sum, whichever came first.
      expect(row.paidCents).toBe(entries.reduce((sum, entry) => sum + entry.amountCents, 0));
      const line = await lineOf(reference);
      if (imported.matched === 1) {
        // The transfer was first: the card is a second real payment, shown as an overpayment.
        expect(line?.state).toBe('matched');
        expect(entries.map((entry) => entry.method).sort()).toEqual(['bank_transfer', 'card']);
        expect(moneyOf(row)).toMatchObject({ state: 'overpaid', owed_cents: -5000 });
      } else {
        // The card was first: the order is paid once and the transfer waits for the admin.
        expect(line?.state).toBe('unmatched');
        expect(entries.map((entry) => entry.method)).toEqual(['card']);
        expect(moneyOf(row)).toMatchObject({ state: 'paid', owed_cents: 0 });
      }
    }
  });
});

describe('review findings: one booking, one payment', () => {
  const header = 'date,amount,currency,reference,name,bank_reference\n';
  const camtDay = (reference: string, number: string) =>
    Buffer.from(
      `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S-${reference}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct><Ntry><Amt Ccy="USD">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Ada</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>${number}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`,
    );

  it('records a booking once when its day comes as CSV and as camt.053, in either order', async () => {
    for (const [number, reference, csvFirst] of [
      ['NX-1A1A-1A1A', 'BOTH-1', true],
      ['NX-1B1B-1B1B', 'BOTH-2', false],
    ] as const) {
      const id = await orderNumbered(number);
      const csv = Buffer.from(`${header}2026-11-27,20.00,USD,${number},Ada,${reference}\n`);
      const files = csvFirst ? [csv, camtDay(reference, number)] : [camtDay(reference, number), csv];
      const first = await importStatement(db(), admin, files[0] as Buffer, 'first');
      const second = await importStatement(db(), admin, files[1] as Buffer, 'second');
      expect(first).toMatchObject({ partial: 1, to_assign: 0 });
      expect(second).toMatchObject({ matched: 0, partial: 0, to_assign: 1 });
      expect(second.held[0]).toMatch(/a line with the same date, amount and order .* is already recorded/);
      expect((await order(id)).paidCents).toBe(2000);
    }
  });

  it('refuses a file repeating a bank reference for the same booking, and keeps bookings that share only the reference', async () => {
    const before = await tableSizes();
    const twice = `${header}2026-11-27,10.00,USD,one,Ann,DUP-1\n2026-11-27,10.00,USD,two,Bob,DUP-1\n`;
    const error = await refusal(importStatement(db(), admin, Buffer.from(twice), 'twice.csv'));
    expect(error.message).toMatch(/^Line 2 and line 3 carry the same bank reference "DUP-1"/);
    expect(await tableSizes()).toEqual(before);
    const shared = `${header}2026-11-27,10.00,USD,one,Ann,SAME-1\n2026-11-27,20.00,USD,two,Bob,SAME-1\n`;
    expect(await importStatement(db(), admin, Buffer.from(shared), 'shared.csv')).toMatchObject({
      to_assign: 2,
    });
    const nextDay = `${header}2026-11-28,10.00,USD,one,Ann,SAME-1\n`;
    expect(await importStatement(db(), admin, Buffer.from(nextDay), 'next.csv')).toMatchObject({
      to_assign: 1,
      already_imported: 0,
    });
    const otherWords = `${header}2026-11-28,10.00,USD,another,Cy,SAME-1\n`;
    const changed = await refusal(importStatement(db(), admin, Buffer.from(otherWords), 'other.csv'));
    expect(changed.message).toMatch(
      /^Line 2: the bank reference "SAME-1" .* was imported before with another payer or text/,
    );
  });

  it('changes no table when the file fails halfway through its writes', async () => {
    const id = await orderNumbered('NX-1C1C-1C1C');
    await db().execute(sql`create function bankfix_fail() returns trigger language plpgsql as $$
      begin if new.dedupe_key like '%HALFWAY-2' then raise exception 'halfway'; end if; return new; end $$`);
    await db().execute(
      sql`create trigger bankfix_fail before insert on bank_lines for each row execute function bankfix_fail()`,
    );
    try {
      const before = await tableSizes();
      const csv = `${header}2026-11-27,50.00,USD,NX-1C1C-1C1C,Ann,HALFWAY-1\n2026-11-27,5.00,USD,x,Bob,HALFWAY-2\n`;
      await expect(importStatement(db(), admin, Buffer.from(csv), 'halfway.csv')).rejects.toThrow();
      expect(await tableSizes()).toEqual(before);
      expect((await order(id)).paidCents).toBe(0);
    } finally {
      await db().execute(sql`drop trigger bankfix_fail on bank_lines`);
      await db().execute(sql`drop function bankfix_fail()`);
    }
  });
});
