import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_QUEUES, type WorkQueue } from '../../../common/order-status.ts';
import { cards, orderProofs, orders } from '../../db/schema/index.ts';
import { personalisedOrder } from '../../test/personalised-order.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const asAdmin = (url: string) => request(t, { url, cookie: admin.cookie });

/** A plain (not personalised) order placed through the API: pending. */
async function plainOrder() {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Queue ${suffix}`,
      slug: `queue-${suffix}`,
      sku: `Q-${suffix}`.toUpperCase(),
      priceCents: 1500,
      category: 'Matte Black',
      stock: 10,
    })
    .returning();
  const customer = await signedInUser(t);
  const address = await request(t, {
    method: 'POST',
    url: '/api/auth/address/',
    cookie: customer.cookie,
    body: {
      address: '1 Quay Street',
      city: 'Galway',
      state: '',
      country: 'Ireland',
      postal_code: 'H91 E2K3',
    },
  });
  const placed = await request(t, {
    method: 'POST',
    url: '/api/orders/',
    cookie: customer.cookie,
    body: { address: address.body.id, items: [{ card: card?.id, quantity: 1, design: 'Matte Black' }] },
    headers: { 'idempotency-key': `queue-${suffix}` },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body as { id: number; number: string; total: string };
}

/** A proof the admin sent, as the send route records it; the PDF's bytes do not matter here. */
async function proofSent(orderId: number, version = 1) {
  if (version > 1) {
    await t.database.db
      .update(orderProofs)
      .set({ status: 'superseded' })
      .where(and(eq(orderProofs.orderId, orderId), eq(orderProofs.status, 'sent')));
  }
  await t.database.db.insert(orderProofs).values({
    orderId,
    version,
    source: version > 1 ? 'uploaded' : 'generated',
    pdf: Buffer.from('%PDF-1.4'),
    status: 'sent',
    createdBy: admin.id,
  });
}

const setOrder = (
  id: number,
  values: Parameters<ReturnType<typeof t.database.db.update<typeof orders>>['set']>[0],
) => t.database.db.update(orders).set(values).where(eq(orders.id, id));

/** One order in each state, placed or moved `age` days ago, and one waiting for the customer. */
async function oneOfEach(age: number) {
  const at = daysAgo(age);
  const toConfirm = await plainOrder();
  await setOrder(toConfirm.id, { createdAt: at, updatedAt: at });

  const toSend = (await personalisedOrder(t)).order;
  await setOrder(toSend.id, { createdAt: at, updatedAt: at });

  const withCustomer = (await personalisedOrder(t)).order;
  await proofSent(withCustomer.id);

  const changes = await personalisedOrder(t);
  await proofSent(changes.order.id);
  const asked = await request(t, {
    method: 'POST',
    url: `/api/orders/${changes.order.id}/proof/decision/`,
    cookie: changes.customer.cookie,
    body: { version: 1, decision: 'request_changes', note: 'Surname misspelt.' },
  });
  expect(asked.status, asked.text).toBe(200);
  await t.database.db
    .update(orderProofs)
    .set({ decidedAt: at })
    .where(eq(orderProofs.orderId, changes.order.id));

  const toPrint = await personalisedOrder(t);
  await proofSent(toPrint.order.id);
  const approved = await request(t, {
    method: 'POST',
    url: `/api/orders/${toPrint.order.id}/proof/decision/`,
    cookie: toPrint.customer.cookie,
    body: { version: 1, decision: 'approve' },
  });
  expect(approved.status, approved.text).toBe(200);
  // Paid (the ledger's sum, set here directly): an unpaid one waits in "unpaid" instead.
  await setOrder(toPrint.order.id, { updatedAt: at, paidCents: sql`${orders.totalCents}` });

  const toShip = await plainOrder();
  const confirmed = await request(t, {
    method: 'POST',
    url: `/api/admin/orders/${toShip.id}/status/`,
    cookie: admin.cookie,
    body: { status: 'confirmed' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  await setOrder(toShip.id, { updatedAt: at, paidCents: sql`${orders.totalCents}` });

  const unpaid = await plainOrder();
  const owing = await request(t, {
    method: 'POST',
    url: `/api/admin/orders/${unpaid.id}/status/`,
    cookie: admin.cookie,
    body: { status: 'confirmed' },
  });
  expect(owing.status, owing.text).toBe(200);
  await setOrder(unpaid.id, { updatedAt: at });

  const queued: Record<WorkQueue, number> = {
    to_confirm: toConfirm.id,
    proof_to_send: toSend.id,
    changes_requested: changes.order.id,
    unpaid: unpaid.id,
    ready_to_print: toPrint.order.id,
    to_ship: toShip.id,
  };
  return { queued, withCustomer: withCustomer.id, at };
}

type QueueCounts = Array<{ queue: WorkQueue; count: number; waiting_since: string | null }>;
const countsOf = async () => {
  const body = (await asAdmin('/api/admin/dashboard/?days=7')).body;
  return {
    pending: body.pending_orders as number,
    queue: Object.fromEntries((body.work_queue as QueueCounts).map((row) => [row.queue, row])),
  };
};
const listed = async (query: string) =>
  (await asAdmin(`/api/admin/orders/?${query}`)).body.results as Array<{
    id: number;
    queue: WorkQueue | null;
    waiting_since: string | null;
  }>;

describe('the work queue', () => {
  it('counts each state an order waits for the firm in, filters the list by it, oldest wait first', async () => {
    const before = await countsOf();
    const older = await oneOfEach(5);
    const newer = await oneOfEach(2);
    const after = await countsOf();

    expect(Object.keys(after.queue)).toEqual([...WORK_QUEUES]);
    for (const queue of WORK_QUEUES) {
      expect(after.queue[queue]?.count, queue).toBe((before.queue[queue]?.count ?? 0) + 2);
    }
    // Twelve orders wait for the firm; the two waiting for the customer's answer do not count.
    expect(after.pending).toBe(before.pending + 12);

    for (const queue of WORK_QUEUES) {
      const rows = await listed(`queue=${queue}`);
      const ids = rows.map((row) => row.id);
      expect(
        rows.every((row) => row.queue === queue),
        queue,
      ).toBe(true);
      expect(ids, queue).toContain(older.queued[queue]);
      // The order that has waited longer comes first, whatever the order it was placed in.
      expect(ids.indexOf(older.queued[queue]), queue).toBeLessThan(ids.indexOf(newer.queued[queue]));
      const since = rows.map((row) => Date.parse(row.waiting_since ?? ''));
      expect(since, queue).toEqual([...since].sort((a, b) => a - b));
      expect(rows.find((row) => row.id === older.queued[queue])?.waiting_since, queue).toBe(
        older.at.toISOString(),
      );
      expect(ids, queue).not.toContain(older.withCustomer);
    }
    const all = await listed('search=');
    expect(all.find((row) => row.id === older.withCustomer)).toMatchObject({
      queue: null,
      waiting_since: null,
    });

    // A second proof sent after the changes: the order waits for the customer again.
    await proofSent(older.queued.changes_requested, 2);
    expect((await countsOf()).queue.changes_requested?.count).toBe(
      (after.queue.changes_requested?.count ?? 0) - 1,
    );
    expect(await listed('queue=changes_requested')).not.toContainEqual(
      expect.objectContaining({ id: older.queued.changes_requested }),
    );

    expect((await asAdmin('/api/admin/orders/?queue=unknown')).status).toBe(400);
  }, 120_000);
});

describe("the order's history", () => {
  it('says who did what in words: placed, proofs sent and answered, status changes with their note', async () => {
    const { order, customer } = await personalisedOrder(t);
    const decide = (body: object) =>
      request(t, {
        method: 'POST',
        url: `/api/orders/${order.id}/proof/decision/`,
        cookie: customer.cookie,
        body,
      });
    await proofSent(order.id);
    expect(
      (await decide({ version: 1, decision: 'request_changes', note: 'Surname misspelt.' })).status,
    ).toBe(200);
    await proofSent(order.id, 2);
    expect((await decide({ version: 2, decision: 'approve' })).status).toBe(200);
    const cancelled = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status/`,
      cookie: admin.cookie,
      body: { status: 'cancelled', note: 'Asked by phone.' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    const detail = await asAdmin(`/api/admin/orders/${order.id}/`);
    expect(detail.status).toBe(200);
    expect(
      detail.body.story.map((step: { says: string; note: string | null }) => [step.says, step.note]),
    ).toEqual([
      ['The customer placed the order.', null],
      ['Ada (admin) sent proof v1.', null],
      ['The customer asked for changes to proof v1: “Surname misspelt.”', null],
      ['Ada (admin) sent proof v2 (an uploaded PDF).', null],
      ['The customer approved proof v2.', null],
      ['Their approval confirmed the order.', null],
      ['Ada (admin) cancelled the order.', 'Asked by phone.'],
    ]);
    // The codes stay for other clients.
    expect(
      detail.body.history.map((event: { from: string; to: string }) => `${event.from}→${event.to}`),
    ).toEqual(['awaiting_proof→confirmed', 'confirmed→cancelled']);
  }, 60_000);
});
