import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRfReference, isRfReference, orderNumberOf } from '../../../common/rf-reference.ts';
import { auditLog, cards, invoices } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

let t: TestApp;
let smtp: SmtpCapture;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO_SALES: 'sales@shop.test' });
  admin = await signedInAdmin(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const cents = (price: string) => Math.round(Number(price) * 100);
const dollars = (value: number) => `$${(value / 100).toFixed(2)}`;

async function call(method: 'GET' | 'POST', url: string, cookie: string, body?: object, origin?: string) {
  return request(t, { method, url, cookie, body, ...(origin ? { origin } : {}) });
}

/** A customer's plain order placed through the API, its mails read. */
async function placeOrder() {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Money ${suffix}`,
      slug: `money-${suffix}`,
      sku: `M-${suffix}`.toUpperCase(),
      priceCents: 2500,
      category: 'Matte Black',
      stock: 10,
    })
    .returning();
  const customer = await signedInUser(t, { firstName: 'Cleo' });
  const address = await call('POST', '/api/auth/address/', customer.cookie, {
    address: '1 Quay Street',
    city: 'Galway',
    state: '',
    country: 'Ireland',
    postal_code: 'H91 E2K3',
  });
  const placed = await request(t, {
    method: 'POST',
    url: '/api/orders/',
    cookie: customer.cookie,
    body: { address: address.body.id, items: [{ card: card?.id, quantity: 2, design: 'Matte Black' }] },
    headers: { 'idempotency-key': `money-${suffix}` },
  });
  expect(placed.status, placed.text).toBe(201);
  const mail = await smtp.waitFor(customer.email);
  await smtp.waitFor('sales@shop.test');
  return { order: placed.body, customer, mail };
}

async function confirm(id: number) {
  const answer = await call('POST', `/api/admin/orders/${id}/status/`, admin.cookie, { status: 'confirmed' });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const record = (id: number, body: object) =>
  call('POST', `/api/admin/orders/${id}/payments/`, admin.cookie, body);

describe("an order's money", () => {
  it('says what is owed, by when and the reference, to the buyer and in the mails', async () => {
    const { order, customer, mail } = await placeOrder();
    expect(order.payment).toMatchObject({
      state: 'unpaid',
      words: 'Unpaid',
      charged: order.total,
      paid: '0.00',
      owed: order.total,
      owed_back: '0.00',
      due_at: null,
      overdue_days: 0,
    });
    expect(isRfReference(order.payment.rf_reference)).toBe(true);
    expect(orderNumberOf(order.payment.rf_reference)).toBe(order.number);
    expect(mail.text).toContain(`http://shop.test/profile#order-${order.number}`);
    expect(mail.text).toContain(order.payment.rf_reference);

    await confirm(order.id);
    const confirmed = await smtp.waitFor(customer.email);
    const mine = (await call('GET', `/api/orders/${order.id}/`, customer.cookie)).body;
    expect(mine.payment.due_at).not.toBeNull();
    const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(mine.payment.due_at),
    );
    expect(mine.payment.sentence).toBe(`Unpaid, due ${due}`);
    expect(confirmed.text).toContain(`To pay: $${order.total} by ${due}`);
    expect(confirmed.text).toContain(
      `quoting this reference so that we find your payment at once: ${mine.payment.rf_reference}.`,
    );
    // A transfer quoting it, as a bank's remittance text carries it, reads back to the order.
    const quoted = findRfReference(`Payment for invoice, ${mine.payment.rf_reference}`);
    expect(quoted && orderNumberOf(quoted)).toBe(order.number);
    // The list carries it too.
    const list = (await call('GET', '/api/orders/', customer.cookie)).body;
    expect(list.results[0].payment).toEqual(mine.payment);
  }, 60_000);

  it('records payments and refunds by hand, mails a receipt, and keeps partial and over payments exactly', async () => {
    const { order, customer } = await placeOrder();
    await confirm(order.id);
    await smtp.waitFor(customer.email);
    const total = cents(order.total);

    const part = await record(order.id, {
      kind: 'payment',
      method: 'bank_transfer',
      amount: '20.00',
      received_on: '2026-11-20',
      note: 'Transfer from Cleo',
    });
    expect(part.status, part.text).toBe(200);
    expect(part.body.payment).toMatchObject({
      state: 'partially_paid',
      paid: '20.00',
      owed: ((total - 2000) / 100).toFixed(2),
    });
    expect(part.body.payment.sentence).toMatch(new RegExp(`^Partly paid: \\$20\\.00 of \\${dollars(total)}`));
    expect(part.body.payments).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'bank_transfer',
        amount: '20.00',
        received_at: '2026-11-20T12:00:00.000Z',
        note: 'Transfer from Cleo',
        by: admin.email,
      }),
    ]);
    const receipt = await smtp.waitFor(customer.email);
    expect(receipt.subject).toContain('Payment received');
    expect(receipt.text).toContain(`We received your payment of $20.00 for order ${order.number}.`);
    expect(receipt.text).toContain(`Still to pay: ${dollars(total - 2000)}.`);

    // The rest and a dollar more: overpaid, and said so.
    const rest = await record(order.id, {
      kind: 'payment',
      method: 'other',
      amount: ((total - 2000 + 100) / 100).toFixed(2),
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.payment).toMatchObject({ state: 'overpaid', owed: '0.00', owed_back: '1.00' });
    expect(rest.body.payment.sentence).toBe('Overpaid by $1.00: we will refund it');
    expect((await smtp.waitFor(customer.email)).text).toContain('$1.00 more than the order comes to');

    const refund = await record(order.id, { kind: 'refund', method: 'bank_transfer', amount: '1' });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.payment).toMatchObject({
      state: 'paid',
      words: 'Paid',
      refunded: '1.00',
      owed: '0.00',
    });
    expect(refund.body.story.map((step: { says: string }) => step.says)).toEqual(
      expect.arrayContaining([
        'Ada (admin) recorded a payment of $20.00 by bank transfer (“Transfer from Cleo”).',
        'Ada (admin) recorded a refund of $1.00 by bank transfer.',
      ]),
    );
    // No more back than was paid and not yet refunded.
    const tooMuch = await record(order.id, {
      kind: 'refund',
      method: 'other',
      amount: ((total + 1) / 100).toFixed(2),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail ?? tooMuch.text).toMatch(/at most what was paid/);
  }, 60_000);

  it('refuses what a client may send wrong, and anyone but an admin on this site', async () => {
    const { order, customer } = await placeOrder();
    const good = { kind: 'payment', method: 'bank_transfer', amount: '5.00' };
    expect((await record(order.id, { ...good, method: 'card' })).status).toBe(400);
    expect((await record(order.id, { ...good, amount: '-1' })).status).toBe(400);
    expect((await record(order.id, { ...good, amount: '0' })).status).toBe(400);
    expect((await record(order.id, { ...good, amount: '1.005' })).status).toBe(400);
    expect((await record(order.id, { ...good, received_on: '2999-01-01' })).status).toBe(400);
    expect((await record(order.id, { ...good, extra: 1 })).status).toBe(400);
    expect((await record(999_999_999, good)).status).toBe(404);
    const asCustomer = await call('POST', `/api/admin/orders/${order.id}/payments/`, customer.cookie, good);
    expect(asCustomer.status).toBe(403);
    const signedOut = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payments/`,
      body: good,
    });
    expect(signedOut.status).toBe(401);
    const foreign = await call(
      'POST',
      `/api/admin/orders/${order.id}/payments/`,
      admin.cookie,
      good,
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    const waiver = await call('POST', `/api/admin/orders/${order.id}/ship-unpaid/`, customer.cookie, {
      reason: 'Trusted buyer',
    });
    expect(waiver.status).toBe(403);
    const mine = (await call('GET', `/api/orders/${order.id}/`, customer.cookie)).body;
    expect(mine.payment.paid).toBe('0.00');
  }, 60_000);
});

describe('shipping waits for payment', () => {
  it('keeps an unpaid order in the unpaid queue and refuses to ship it until paid or an admin says why', async () => {
    const { order, customer } = await placeOrder();
    await confirm(order.id);
    await smtp.waitFor(customer.email);
    const queued = async (queue: string) =>
      (
        (await call('GET', `/api/admin/orders/?queue=${queue}`, admin.cookie)).body.results as Array<{
          id: number;
        }>
      ).map((row) => row.id);
    expect(await queued('unpaid')).toContain(order.id);
    expect(await queued('to_ship')).not.toContain(order.id);

    const ship = () =>
      call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, { status: 'shipped' });
    const refused = await ship();
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`This order still owes $${order.total}.`);

    expect(
      (await call('POST', `/api/admin/orders/${order.id}/ship-unpaid/`, admin.cookie, { reason: ' ' }))
        .status,
    ).toBe(400);
    const waived = await call('POST', `/api/admin/orders/${order.id}/ship-unpaid/`, admin.cookie, {
      reason: 'Paying on delivery, agreed by phone',
    });
    expect(waived.status, waived.text).toBe(200);
    expect(waived.body.ship_unpaid_reason).toBe('Paying on delivery, agreed by phone');
    expect(waived.body.story.at(-1).says).toBe(
      'Ada (admin) let the order ship before it is paid: “Paying on delivery, agreed by phone”.',
    );
    expect(await queued('unpaid')).not.toContain(order.id);
    expect(await queued('to_ship')).toContain(order.id);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.ship_unpaid'));
    expect(audited).toMatchObject({ targetId: String(order.id), actorEmail: admin.email });

    expect((await ship()).status).toBe(200);
    const late = await call('POST', `/api/admin/orders/${order.id}/ship-unpaid/`, admin.cookie, {
      reason: 'Too late',
    });
    expect(late.status).toBe(409);
  }, 60_000);

  it('ships a paid order without a word', async () => {
    const { order, customer } = await placeOrder();
    await confirm(order.id);
    await smtp.waitFor(customer.email);
    expect(
      (await record(order.id, { kind: 'payment', method: 'bank_transfer', amount: order.total })).status,
    ).toBe(200);
    const shipped = await call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, {
      status: 'shipped',
    });
    expect(shipped.status, shipped.text).toBe(200);
  }, 60_000);
});

describe('the dashboard', () => {
  it('counts money received less refunds as revenue, and what is owed by the age of its invoice', async () => {
    const board = async () => (await call('GET', '/api/admin/dashboard/?days=7', admin.cookie)).body;
    const before = await board();
    const { order, customer } = await placeOrder();
    // Placed and confirmed, but unpaid: no revenue yet, and owed (its invoice is new).
    await confirm(order.id);
    await smtp.waitFor(customer.email);
    const owedNow = await board();
    expect(owedNow.revenue_total).toBe(before.revenue_total);
    expect(owedNow.owed.count).toBe(before.owed.count + 1);
    expect(cents(owedNow.owed.buckets[0].amount)).toBe(
      cents(before.owed.buckets[0].amount) + cents(order.total),
    );
    expect(owedNow.owed.buckets.map((bucket: { label: string }) => bucket.label)).toEqual([
      '0–30 days',
      '31–60 days',
      'Over 60 days',
    ]);

    // Invoiced 45 days ago: the debt is in the second bucket.
    await t.database.db
      .update(invoices)
      .set({ issuedAt: new Date(Date.now() - 45 * 24 * 60 * 60 * 1000) })
      .where(eq(invoices.orderId, order.id));
    const aged = await board();
    expect(aged.owed.buckets[1].count).toBe(before.owed.buckets[1].count + 1);
    expect(cents(aged.owed.total)).toBe(cents(before.owed.total) + cents(order.total));

    expect(
      (await record(order.id, { kind: 'payment', method: 'bank_transfer', amount: '30.00' })).status,
    ).toBe(200);
    expect((await record(order.id, { kind: 'refund', method: 'other', amount: '10.00' })).status).toBe(200);
    const paid = await board();
    expect(cents(paid.revenue_total)).toBe(cents(before.revenue_total) + 2000);
    expect(paid.revenue_cents.at(-1).value).toBe(before.revenue_cents.at(-1).value + 2000);
    // A refund of money not overpaid lowers the charge (a credit note): 30.00 came in, 10.00 less is charged.
    expect(cents(paid.owed.buckets[1].amount)).toBe(
      cents(before.owed.buckets[1].amount) + cents(order.total) - 3000,
    );
  }, 60_000);
});
