import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { invoiceCounters, invoices, orders } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/index.ts';
import { insertPendingOrder } from '../../test/placed-orders.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { changeOrderStatus, type FulfilmentDeps } from '../orders/fulfilment.ts';
import { issueInvoice } from './invoices.ts';

const CONFIRMATIONS = 20;
const year = new Date().getUTCFullYear();

let t: TestApp;
/** On PostgreSQL, a pool with a connection per confirmation: they truly run at once (PGlite serialises). */
let concurrent: Database | undefined;
let outbox: string;
let deps: FulfilmentDeps;

beforeAll(async () => {
  t = await createTestApp();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'invoice-outbox-'));
  concurrent = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: null, poolSize: CONFIRMATIONS })
    : undefined;
  const db = concurrent?.db ?? t.database.db;
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'shop@shop.test',
    outboxDir: outbox,
    log: t.app.log,
    db,
  });
  deps = { db, mailer, publish: async () => undefined, publicUrl: 'http://shop.test' };
});
afterAll(async () => {
  await concurrent?.close();
  await t?.close();
  await rm(outbox, { recursive: true, force: true });
});

/** The most confirmations seen waiting on a lock at one moment, from another connection (PostgreSQL only). */
function watchLockWaits(): { stop(): Promise<number> } {
  let most = 0;
  let running = true;
  const loop = (async () => {
    while (running && t.databaseUrl) {
      const [row] = await t.database.db
        .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
      most = Math.max(most, row?.waiting ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return most;
    },
  };
}

it(`numbers ${CONFIRMATIONS} confirmations made at once 0001..${CONFIRMATIONS}, without a gap or a duplicate`, async () => {
  const admin = await signedInAdmin(t);
  const customers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t)));
  const placed = [];
  for (let index = 0; index < CONFIRMATIONS; index += 1) {
    const customer = customers[index % customers.length];
    if (customer) placed.push(await insertPendingOrder(t.database.db, customer.id));
  }

  const watch = watchLockWaits();
  const results = await Promise.allSettled(
    placed.map((order) => changeOrderStatus(deps, admin, order.id, 'confirmed', '')),
  );
  const mostWaiting = await watch.stop();
  expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

  const issued = await t.database.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
  expect(issued.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
    Array.from({ length: CONFIRMATIONS }, (_, index) => index + 1),
  );
  expect(new Set(issued.map((row) => row.number)).size).toBe(CONFIRMATIONS);
  expect(new Set(issued.map((row) => row.orderId))).toEqual(new Set(placed.map((order) => order.id)));
  for (const row of issued) expect(row.number).toBe(`INV-${year}-${String(row.seq).padStart(4, '0')}`);
  // On PostgreSQL the confirmations overlapped for real: some waited for another's counter row.
  if (t.databaseUrl) expect(mostWaiting).toBeGreaterThanOrEqual(2);
  // Each confirmation draws its invoice while it holds the year's counter: 20 in a row take a while on a busy machine.
}, 180_000);

it('a confirmation that rolls back gives its number back: the next invoice leaves no gap', async () => {
  const admin = await signedInAdmin(t);
  const customer = await signedInUser(t);
  const order = await insertPendingOrder(t.database.db, customer.id);
  await expect(
    t.database.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, order.id));
      const invoice = await issueInvoice(tx, admin, order.id);
      expect(invoice.seq).toBe(CONFIRMATIONS + 1);
      throw new Error('the mail could not be queued');
    }),
  ).rejects.toThrow('the mail could not be queued');
  const [counter] = await t.database.db
    .select()
    .from(invoiceCounters)
    .where(eq(invoiceCounters.kind, 'invoice'));
  expect(counter?.lastSeq).toBe(CONFIRMATIONS);
  expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);

  await changeOrderStatus(deps, admin, order.id, 'confirmed', '');
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  expect(invoice?.number).toBe(`INV-${year}-${String(CONFIRMATIONS + 1).padStart(4, '0')}`);
});
