import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditLog, orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { insertPendingOrder } from '../../test/placed-orders.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StandInSession,
  type StripeStandIn,
  startStripeStandIn,
} from '../../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { moneyOf, recordPayment, recordRefund } from '../payments/ledger.ts';
import { STRIPE_ACTOR_EMAIL } from './webhook.ts';

let stand: StripeStandIn;
let smtp: SmtpCapture;
let t: TestApp;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  stand = await startStripeStandIn();
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_URL: stand.url,
    // Pay now shares the order routes' hourly limit per buyer; these tests start many payments.
    ORDERS_PER_HOUR: '1000',
  });
  buyer = await signedInUser(t);
  admin = await signedInAdmin(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stand?.close();
  await smtp?.close();
});

const db = () => t.database.db;
const newOrder = () => insertPendingOrder(db(), buyer.id); // 2 × 25.00 = 5000 cents
const orderRow = async (id: number) => {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('gone');
  return row;
};
const pay = (id: number, cookie = buyer.cookie, origin?: string) =>
  request(t, { method: 'POST', url: `/api/orders/${id}/pay/`, cookie, ...(origin ? { origin } : {}) });

/** Stripe's delivery of an event to the webhook, signed as the library signs it (or as told). */
function deliver(event: unknown, sign: { secret?: string; timestamp?: number; header?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature = sign.header === undefined ? stand.sign(payload, sign) : sign.header;
  return request(t, {
    method: 'POST',
    url: '/api/payments/stripe/webhook/',
    body: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

/** The buyer pays on Stripe's page: a session made through Pay now, completed at the stand-in. */
async function paidSession(orderId: number): Promise<StandInSession> {
  const answer = await pay(orderId);
  expect(answer.status).toBe(200);
  const id = String(answer.body.url).split('/').pop() ?? '';
  return stand.complete(id);
}

async function payByCard(orderId: number): Promise<StandInSession> {
  const session = await paidSession(orderId);
  expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
  return session;
}

describe('Pay now', () => {
  it('opens a Checkout Session for what the buyer’s own order owes, shaped as Stripe documents it', async () => {
    const order = await newOrder();
    const before = stand.requests.length;
    const answer = await pay(order.id);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.url).toMatch(new RegExp(`^${stand.url}/c/pay/cs_test_`));
    expect(stand.requests.length).toBe(before + 1);
    const call = stand.requests.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      params: {
        mode: 'payment',
        line_items: {
          0: {
            quantity: '1',
            price_data: {
              currency: 'usd',
              unit_amount: '5000',
              product_data: { name: `Order ${order.number}` },
            },
          },
        },
        client_reference_id: String(order.id),
        metadata: { order_id: String(order.id), order_number: order.number },
        payment_intent_data: { metadata: { order_id: String(order.id), order_number: order.number } },
        success_url: `http://shop.test/profile?paid=${order.number}#order-${order.number}`,
        cancel_url: `http://shop.test/profile#order-${order.number}`,
      },
    });
    // The library's own retry key and the API version it was built for.
    expect(call?.idempotencyKey).toBeTruthy();
    expect(call?.stripeVersion).toBeTruthy();
  });

  it('asks only for what is still owed after a part payment', async () => {
    const order = await newOrder();
    await db().transaction((tx) =>
      recordPayment(
        tx,
        { id: admin.id, email: admin.email },
        {
          orderId: order.id,
          method: 'bank_transfer',
          amountCents: 1999,
        },
      ),
    );
    expect((await pay(order.id)).status).toBe(200);
    expect(stand.requests.at(-1)?.params).toMatchObject({
      line_items: { 0: { price_data: { unit_amount: '3001' } } },
    });
  });

  it('is the buyer’s own: another’s order and an unknown one are the same 404, a visitor a 401, another site a 403', async () => {
    const order = await newOrder();
    const other = await signedInUser(t);
    const before = stand.requests.length;
    const theirs = await pay(order.id, other.cookie);
    const unknown = await pay(999_999_999, other.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect((await pay(order.id, '')).status).toBe(401);
    expect((await pay(order.id, buyer.cookie, 'https://elsewhere.example')).status).toBe(403);
    expect(stand.requests.length).toBe(before);
  });

  it('refuses with a 409 when nothing is owed or the order was cancelled, and the flag says so', async () => {
    const paid = await newOrder();
    await db().transaction((tx) =>
      recordPayment(
        tx,
        { id: admin.id, email: admin.email },
        {
          orderId: paid.id,
          method: 'bank_transfer',
          amountCents: 5000,
        },
      ),
    );
    const nothing = await pay(paid.id);
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toBe('Nothing is owed on this order.');
    const cancelled = await newOrder();
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const refused = await pay(cancelled.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/cancelled/);
    const owing = await newOrder();
    const flag = async (id: number) =>
      (await request(t, { url: `/api/orders/${id}/`, cookie: buyer.cookie })).body.card_payments;
    expect([await flag(owing.id), await flag(paid.id), await flag(cancelled.id)]).toEqual([
      true,
      false,
      false,
    ]);
    const list = await request(t, { url: '/api/orders/', cookie: buyer.cookie });
    expect(list.body.results.find((row: { id: number }) => row.id === owing.id).card_payments).toBe(true);
  });

  it('answers a 503 with plain words when Stripe cannot be reached (after the library’s one retry)', async () => {
    const order = await newOrder();
    const before = stand.requests.length;
    stand.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' }, 2);
    const answer = await pay(order.id);
    expect(answer.status).toBe(503);
    expect(answer.body.detail).toBe(
      'Card payments cannot be reached just now. Please try again in a few minutes.',
    );
    expect(answer.headers['retry-after']).toBeDefined();
    expect(stand.requests.length).toBe(before + 2);
    // Stripe's rate limit: not tried again by the library, the same 503.
    stand.failNext({ status: 429, type: 'invalid_request_error', code: 'rate_limit', message: 'Too many' });
    expect((await pay(order.id)).status).toBe(503);
    expect((await pay(order.id)).status).toBe(200);
  });
});

describe('Pay now in the mail', () => {
  it('offers Pay now in the mail that confirms and invoices an order, linking to the order', async () => {
    const order = await newOrder();
    const confirmed = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status/`,
      cookie: admin.cookie,
      body: { status: 'confirmed', note: '' },
    });
    expect(confirmed.status).toBe(200);
    const mail = await smtp.waitFor(buyer.email, (message) => message.subject.includes(order.number));
    expect(mail.text).toContain(
      `Or pay now by card, securely through Stripe, from your order: http://shop.test/profile#order-${order.number}`,
    );
    expect(mail.html).toContain('>Pay now<');
  });
});

describe('Pay now’s one open session', () => {
  const sessionOf = (url: string) => {
    const session = stand.sessions.get(url.split('/').pop() ?? '');
    if (!session) throw new Error('no such session at the stand-in');
    return session;
  };

  it('reuses the order’s open session for the same amount, and replaces (expires) it when the amount changed', async () => {
    const order = await newOrder();
    const before = stand.requests.filter((call) => call.path === '/v1/checkout/sessions').length;
    const first = await pay(order.id);
    const again = await pay(order.id);
    expect(again.body.url).toBe(first.body.url);
    expect(stand.requests.filter((call) => call.path === '/v1/checkout/sessions').length).toBe(before + 1);
    const opened = sessionOf(first.body.url);
    const minutes = (opened.expires_at - Date.now() / 1000) / 60;
    expect(minutes).toBeGreaterThan(30);
    expect(minutes).toBeLessThanOrEqual(35);
    // A bank transfer of part came in: what is owed changed, so a new session, and the old one is closed.
    await db().transaction((tx) =>
      recordPayment(
        tx,
        { id: admin.id, email: admin.email },
        { orderId: order.id, method: 'bank_transfer', amountCents: 1000 },
      ),
    );
    const changed = await pay(order.id);
    expect(changed.status).toBe(200);
    expect(changed.body.url).not.toBe(first.body.url);
    expect(sessionOf(changed.body.url)).toMatchObject({ status: 'open', amount_total: 4000 });
    expect(sessionOf(first.body.url).status).toBe('expired');
    expect(() => stand.complete(opened.id)).toThrow(/expired/);
  });

  it('opens a new session once the open one was paid (its webhook late), and books a second payment as an overpayment', async () => {
    const order = await newOrder();
    const first = await paidSession(order.id);
    const second = await pay(order.id);
    expect(second.body.url).not.toBe(first.url);
    const paidAgain = stand.complete(sessionOf(second.body.url).id);
    for (const session of [first, paidAgain])
      expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    const row = await orderRow(order.id);
    expect(row.paidCents).toBe(10000);
    expect(moneyOf(row).owed_cents).toBe(-5000);
  });
});

describe('the webhook', () => {
  it('records a paid session once, from a valid signature, as Stripe in the audit log', async () => {
    const order = await newOrder();
    const session = await paidSession(order.id);
    const event = stand.event('checkout.session.completed', session);
    const answer = await deliver(event);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    const row = await orderRow(order.id);
    expect(row.paidCents).toBe(5000);
    const [entry] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(entry).toMatchObject({
      kind: 'payment',
      method: 'card',
      status: 'succeeded',
      amountCents: 5000,
      sourceId: session.payment_intent,
      recordedBy: null,
    });
    expect(entry?.receivedAt.getTime()).toBe(event.created * 1000);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(order.id))));
    expect(audit.map((line) => [line.action, line.actorEmail])).toEqual([
      ['order.payment', STRIPE_ACTOR_EMAIL],
    ]);
    // Sent again (Stripe retries until it hears 200): the same answer, nothing twice.
    expect((await deliver(event)).status).toBe(200);
    expect((await orderRow(order.id)).paidCents).toBe(5000);
    const kept = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(kept).toHaveLength(1);
    expect(
      (await request(t, { url: `/api/orders/${order.id}/`, cookie: buyer.cookie })).body.card_payments,
    ).toBe(false);
    // The buyer's receipt, queued with the payment: one, though the event came twice.
    const receipt = await smtp.waitFor(buyer.email, (mail) => mail.text.includes(order.number));
    expect(receipt.subject).toContain('Payment received');
    expect(receipt.text).toContain(`We received your payment of $50.00 for order ${order.number}.`);
    await expect(
      smtp.waitFor(buyer.email, (mail) => mail.text.includes(`for order ${order.number}.`), 1500),
    ).rejects.toThrow();
  });

  it('refuses a wrong secret, a missing or stale signature and an altered body with a 400, changing nothing', async () => {
    const order = await newOrder();
    const session = await paidSession(order.id);
    const event = stand.event('checkout.session.completed', session);
    const refusals = [
      await deliver(event, { secret: 'whsec_someoneelse000000000' }),
      await deliver(event, { header: null }),
      await deliver(event, { header: 'not a signature' }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
    ];
    const altered = JSON.stringify(event);
    const signature = stand.sign(altered);
    refusals.push(
      await request(t, {
        method: 'POST',
        url: '/api/payments/stripe/webhook/',
        body: altered.replace('"amount_total":5000', '"amount_total":1'),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      }),
    );
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.detail).toBe('The webhook signature is missing, wrong or too old.');
    }
    expect((await orderRow(order.id)).paidCents).toBe(0);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(
      0,
    );
    // The same event, signed right, still counts.
    expect((await deliver(event)).status).toBe(200);
    expect((await orderRow(order.id)).paidCents).toBe(5000);
  });

  it('counts one event delivered twice at once, and two events of one payment at once, once', async () => {
    const order = await newOrder();
    const session = await paidSession(order.id);
    const event = stand.event('checkout.session.completed', session);
    const answers = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(stand.event('checkout.session.async_payment_succeeded', session)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await orderRow(order.id)).paidCents).toBe(5000);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('counts a payment once whichever of its events comes first, and ignores one not yet paid', async () => {
    const order = await newOrder();
    const session = await paidSession(order.id);
    const unpaid = stand.event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await deliver(unpaid)).status).toBe(200);
    expect((await orderRow(order.id)).paidCents).toBe(0);
    // The async success before the completion: two events, one payment.
    expect((await deliver(stand.event('checkout.session.async_payment_succeeded', session))).status).toBe(
      200,
    );
    expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    expect((await orderRow(order.id)).paidCents).toBe(5000);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('ignores with a 200 a session that does not name one of the shop’s orders by id and number', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const session = await paidSession(order.id);
    const strangers = [
      // A Payment Link's session: client_reference_id alone proves nothing.
      { ...session, metadata: {}, client_reference_id: String(order.id) },
      { ...session, metadata: { order_id: String(order.id) } },
      { ...session, metadata: { order_id: String(order.id), order_number: other.number } },
      { ...session, metadata: { order_id: '2147483648', order_number: order.number } },
      { ...session, metadata: { order_id: '99999999999999999999', order_number: order.number } },
      { ...session, metadata: { order_id: '1e3', order_number: order.number } },
    ];
    for (const stranger of strangers) {
      const answer = await deliver(stand.event('checkout.session.completed', stranger));
      expect(answer.status).toBe(200);
    }
    expect([(await orderRow(order.id)).paidCents, (await orderRow(other.id)).paidCents]).toEqual([0, 0]);
    expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    expect((await orderRow(order.id)).paidCents).toBe(5000);
  });

  it('asks Stripe to send a refund again when the payment it gives back is not recorded yet', async () => {
    const order = await newOrder();
    const session = await paidSession(order.id);
    // Refunded in Stripe's dashboard; its event overtakes the payment's.
    const refund = {
      id: 're_test_dashboard0001',
      object: 'refund',
      amount: 2000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      status: 'succeeded',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    const early = stand.event('refund.created', refund);
    const first = await deliver(early);
    expect(first.status).toBe(503);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, early.id))).toHaveLength(
      0,
    );
    expect((await orderRow(order.id)).refundedCents).toBe(0);
    expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    // Stripe's retry of the same event now lands, once.
    expect((await deliver(early)).status).toBe(200);
    expect((await deliver(early)).status).toBe(200);
    expect((await deliver(stand.event('refund.updated', refund))).status).toBe(200);
    const row = await orderRow(order.id);
    expect([row.paidCents, row.refundedCents]).toEqual([5000, 2000]);
    const [entry] = await db().select().from(payments).where(eq(payments.sourceId, refund.id));
    expect(entry).toMatchObject({ kind: 'refund', status: 'succeeded', amountCents: 2000 });
  });
});

describe('refunds Stripe made', () => {
  it('records a refund made in Stripe’s dashboard even beyond what the ledger counts, flagged in the audit log', async () => {
    const order = await newOrder();
    const session = await payByCard(order.id);
    // Given back by bank transfer too (the admin recorded it), and then in Stripe’s dashboard as well.
    await db().transaction((tx) =>
      recordRefund(
        tx,
        { id: admin.id, email: admin.email },
        { orderId: order.id, method: 'bank_transfer', amountCents: 4000, status: 'succeeded' },
      ),
    );
    const refund = {
      id: `re_test_dashboard_${order.id}`,
      object: 'refund',
      amount: 3000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      status: 'succeeded',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    const answer = await deliver(stand.event('refund.created', refund));
    expect(answer.status).toBe(200);
    // The refunded sum never passes the paid sum; the entry keeps what Stripe gave back.
    expect((await orderRow(order.id)).refundedCents).toBe(5000);
    const [entry] = await db().select().from(payments).where(eq(payments.sourceId, refund.id));
    expect(entry).toMatchObject({ status: 'succeeded', amountCents: 3000 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(order.id))));
    expect(audit.at(-1)).toMatchObject({
      action: 'order.refund',
      actorEmail: STRIPE_ACTOR_EMAIL,
      after: { amount_cents: 3000, beyond_refundable_cents: 2000 },
    });
  });

  it('takes a succeeded refund back out of the sums when it fails after all, once', async () => {
    const order = await newOrder();
    await payByCard(order.id);
    const asked = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/`,
      cookie: admin.cookie,
      body: { amount: '20.00', reason: 'Scratched.', request_key: randomUUID() },
    });
    expect(asked.body.refunds).toMatchObject([{ status: 'succeeded' }]);
    expect((await orderRow(order.id)).refundedCents).toBe(2000);
    const failed = stand.endRefund(asked.body.refunds[0].id, 'failed');
    expect((await deliver(stand.event('refund.updated', failed))).status).toBe(200);
    expect((await deliver(stand.event('refund.failed', failed))).status).toBe(200);
    const row = await orderRow(order.id);
    expect(row.refundedCents).toBe(0);
    const [entry] = await db().select().from(payments).where(eq(payments.sourceId, failed.id));
    expect(entry?.status).toBe('failed');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(order.id))));
    expect(audit.filter((line) => line.action === 'order.refund.reversed')).toHaveLength(1);
    // A late "succeeded" of it changes nothing now.
    expect((await deliver(stand.event('refund.updated', { ...failed, status: 'succeeded' }))).status).toBe(
      200,
    );
    expect((await orderRow(order.id)).refundedCents).toBe(0);
  });
});

describe('refunds to the card', () => {
  const refund = (id: number, body: object, cookie = admin.cookie) =>
    request(t, {
      method: 'POST',
      url: `/api/admin/orders/${id}/refunds/`,
      cookie,
      body: { request_key: randomUUID(), ...body },
    });

  /** Two card payments of one order: the buyer paid a session, and, its webhook late, paid a second one. */
  async function paidTwice(orderId: number): Promise<[StandInSession, StandInSession]> {
    const first = await paidSession(orderId);
    const second = await paidSession(orderId);
    expect(second.id).not.toBe(first.id);
    for (const session of [first, second])
      expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    expect((await orderRow(orderId)).paidCents).toBe(10000);
    return [first, second];
  }

  it('goes to Stripe, waits pending, and counts once the webhook says it succeeded: part, then the rest', async () => {
    const order = await newOrder();
    const session = await payByCard(order.id);
    stand.refundStatus = 'pending';
    onTestFinished(() => {
      stand.refundStatus = 'succeeded';
    });
    const asked = await refund(order.id, { amount: '12.50', reason: 'One card arrived scratched.' });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      refunds: [
        {
          id: expect.stringMatching(/^re_test_/),
          amount_cents: 1250,
          status: 'pending',
          payment_intent: session.payment_intent,
        },
      ],
      unrefunded_cents: 0,
      message: null,
    });
    expect(stand.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      params: {
        payment_intent: session.payment_intent,
        amount: '1250',
        metadata: {
          order_id: String(order.id),
          order_number: order.number,
          reason: 'One card arrived scratched.',
        },
      },
    });
    expect((await orderRow(order.id)).refundedCents).toBe(0);
    const made = stand.refunds.get(asked.body.refunds[0].id);
    if (!made) throw new Error('the stand-in made no refund');
    const succeeded = stand.event('refund.updated', { ...made, status: 'succeeded' });
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(1250);
    const [entry] = await db().select().from(payments).where(eq(payments.sourceId, made.id));
    expect(entry).toMatchObject({
      status: 'succeeded',
      recordedBy: admin.id,
      note: 'One card arrived scratched.',
    });

    // More than is left is refused before Stripe is asked.
    const before = stand.requests.length;
    const tooMuch = await refund(order.id, { amount: '37.51', reason: 'All of it' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors.amount[0]).toMatch(/At most \$?37\.50/);
    expect(stand.requests.length).toBe(before);

    const rest = await refund(order.id, { amount: '37.50', reason: 'Order returned.' });
    expect(rest.status).toBe(200);
    const second = stand.refunds.get(rest.body.refunds[0].id);
    if (!second) throw new Error('the stand-in made no refund');
    expect((await deliver(stand.event('refund.created', { ...second, status: 'succeeded' }))).status).toBe(
      200,
    );
    const row = await orderRow(order.id);
    expect([row.paidCents, row.refundedCents]).toEqual([5000, 5000]);
    expect((await refund(order.id, { amount: '0.01', reason: 'Again' })).status).toBe(409);
  });

  it('splits a refund over card payments, newest first, and a failed one can be asked again', async () => {
    const order = await newOrder();
    const [first, second] = await paidTwice(order.id);
    stand.refundStatus = 'pending';
    onTestFinished(() => {
      stand.refundStatus = 'succeeded';
    });
    const asked = await refund(order.id, { amount: '60.00', reason: 'Paid twice.' });
    expect(asked.status).toBe(200);
    expect(
      asked.body.refunds.map((part: { amount_cents: number; payment_intent: string }) => [
        part.payment_intent,
        part.amount_cents,
      ]),
    ).toEqual([
      [second.payment_intent, 5000],
      [first.payment_intent, 1000],
    ]);
    const [newest] = asked.body.refunds;
    const made = stand.refunds.get(newest.id);
    if (!made) throw new Error('the stand-in made no refund');
    expect((await deliver(stand.event('refund.failed', stand.endRefund(made.id, 'failed')))).status).toBe(
      200,
    );
    const failed = await db().select().from(payments).where(eq(payments.sourceId, made.id));
    expect(failed[0]?.status).toBe('failed');
    expect((await orderRow(order.id)).refundedCents).toBe(0);
    // Asked again: a new submission, new refunds at Stripe, 50.00 in all. A refund entry does not name its
    // payment, so the pending 10.00 is counted against the newest payment first (decision 065).
    const retry = await refund(order.id, { amount: '50.00', reason: 'Paid twice.' });
    expect(retry.status).toBe(200);
    const parts = retry.body.refunds as { id: string; amount_cents: number }[];
    expect(parts.reduce((sum, part) => sum + part.amount_cents, 0)).toBe(5000);
    expect(parts.map((part) => part.id)).not.toContain(made.id);
  });

  it('says what was refunded and what was not when a later part fails, and never refunds a submission twice', async () => {
    const order = await newOrder();
    const [first, second] = await paidTwice(order.id);
    const refundsBefore = stand.refunds.size;
    const body = { amount: '60.00', reason: 'Paid twice.', request_key: randomUUID() };
    // The first part is made; Stripe refuses the second.
    stand.failNext(
      {
        status: 400,
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: 'This charge is disputed.',
      },
      1,
      1,
    );
    const asked = await refund(order.id, body);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      refunds: [{ payment_intent: second.payment_intent, amount_cents: 5000, status: 'succeeded' }],
      unrefunded_cents: 1000,
    });
    expect(asked.body.message).toBe(
      '50.00 was refunded to the card, but 10.00 was not. Stripe refused the refund: This charge is disputed. Reload the page to refund the rest if it should still go back.',
    );
    expect((await orderRow(order.id)).refundedCents).toBe(5000);
    // The same submission again (the admin clicked once more): nothing more goes out.
    const again = await refund(order.id, body);
    expect(again.status).toBe(409);
    expect(again.body.errors.amount[0]).toMatch(/already sent/);
    expect(stand.refunds.size).toBe(refundsBefore + 1);
    // The rest, as a new submission: only the 10.00.
    const rest = await refund(order.id, { amount: '10.00', reason: 'Paid twice.' });
    expect(rest.status).toBe(200);
    expect(rest.body.refunds).toMatchObject([{ payment_intent: first.payment_intent, amount_cents: 1000 }]);
    expect((await orderRow(order.id)).refundedCents).toBe(6000);
    expect(stand.refunds.size).toBe(refundsBefore + 2);
  });

  it('lets the same submission be sent again when nothing was made (Stripe unreachable)', async () => {
    const order = await newOrder();
    await payByCard(order.id);
    const body = { amount: '20.00', reason: 'Scratched.', request_key: randomUUID() };
    stand.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' }, 2);
    expect((await refund(order.id, body)).status).toBe(503);
    const again = await refund(order.id, body);
    expect(again.status).toBe(200);
    expect(again.body.refunds).toMatchObject([{ amount_cents: 2000, status: 'succeeded' }]);
    expect((await orderRow(order.id)).refundedCents).toBe(2000);
  });

  it('counts a refund Stripe made at once as refunded at once, and the webhook’s news of it once', async () => {
    const order = await newOrder();
    await payByCard(order.id);
    const asked = await refund(order.id, { amount: '20.00', reason: 'Scratched.' });
    expect(asked.body.refunds).toMatchObject([{ amount_cents: 2000, status: 'succeeded' }]);
    expect((await orderRow(order.id)).refundedCents).toBe(2000);
    const made = stand.refunds.get(asked.body.refunds[0].id);
    expect((await deliver(stand.event('refund.created', made))).status).toBe(200);
    expect((await deliver(stand.event('refund.updated', made))).status).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(2000);
  });

  it('settles a pending refund when the webhook, having found it unknown, records it as succeeded (the race)', async () => {
    const order = await newOrder();
    await payByCard(order.id);
    stand.refundStatus = 'pending';
    onTestFinished(() => {
      stand.refundStatus = 'succeeded';
    });
    const asked = await refund(order.id, { amount: '20.00', reason: 'Scratched.' });
    const made = stand.refunds.get(asked.body.refunds[0].id);
    if (!made) throw new Error('the stand-in made no refund');
    // What the webhook does after reading "not known" before the admin's pending row committed.
    const stripe = { id: buyer.id, email: STRIPE_ACTOR_EMAIL };
    const result = await db().transaction((tx) =>
      recordRefund(tx, stripe, {
        orderId: order.id,
        method: 'card',
        amountCents: 2000,
        sourceId: made.id,
        status: 'succeeded',
        madeByProvider: true,
      }),
    );
    expect(result.entry?.status).toBe('succeeded');
    expect((await orderRow(order.id)).refundedCents).toBe(2000);
    const entries = await db().select().from(payments).where(eq(payments.sourceId, made.id));
    expect(entries.map((entry) => entry.status)).toEqual(['succeeded']);
  });

  it('settles the admin’s pending refund when its webhook read “not known” before the row committed (PostgreSQL race)', async () => {
    const order = await newOrder();
    const session = await payByCard(order.id);
    const refund = {
      id: `re_test_race_${order.id}`,
      object: 'refund',
      amount: 1500,
      currency: 'usd',
      payment_intent: session.payment_intent,
      status: 'succeeded',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    let delivered: ReturnType<typeof deliver> | undefined;
    // The admin's write holds the order's lock with its pending row not yet committed while the webhook
    // arrives: on PostgreSQL it reads "not known" and waits for the lock; on PGlite (one connection) it waits
    // for the whole transaction, and finds the row.
    await db().transaction(async (tx) => {
      await recordRefund(
        tx,
        { id: admin.id, email: admin.email },
        { orderId: order.id, method: 'card', amountCents: 1500, sourceId: refund.id, status: 'pending' },
      );
      delivered = deliver(stand.event('refund.created', refund));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await delivered)?.status).toBe(200);
    const [entry] = await db().select().from(payments).where(eq(payments.sourceId, refund.id));
    expect(entry?.status).toBe('succeeded');
    expect((await orderRow(order.id)).refundedCents).toBe(1500);
  });

  it('makes one refund of a double click', async () => {
    const order = await newOrder();
    await payByCard(order.id);
    const before = stand.refunds.size;
    const body = { amount: '50.00', reason: 'Clicked twice.', request_key: randomUUID() };
    const answers = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(stand.refunds.size).toBe(before + 1);
    const entries = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(entries).toHaveLength(1);
  });

  it('checks the admin and the body before anything', async () => {
    const order = await newOrder();
    expect((await refund(order.id, { amount: '1.00', reason: 'x' }, buyer.cookie)).status).toBe(403);
    const bad = await refund(order.id, { amount: '1.005', reason: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'reason']);
    const keyless = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/`,
      cookie: admin.cookie,
      body: { amount: '1.00', reason: 'x' },
    });
    expect(keyless.status).toBe(400);
    expect(Object.keys(keyless.body.errors)).toEqual(['request_key']);
    expect((await refund(order.id, { amount: '1.00', reason: 'x', request_key: 'x y' })).status).toBe(400);
    expect((await refund(order.id, { amount: '0', reason: 'Nothing' })).status).toBe(400);
    expect((await refund(order.id, { amount: '1.00', reason: 'x', extra: 1 })).status).toBe(400);
    expect((await refund(999_999_999, { amount: '1.00', reason: 'x' })).status).toBe(404);
    // Nothing paid by card: nothing to give back to a card.
    expect((await refund(order.id, { amount: '1.00', reason: 'x' })).status).toBe(409);
  });
});

describe('Pay now’s bound', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: stand.url,
      ORDERS_PER_HOUR: '2',
    });
  }, 60_000);
  afterAll(async () => {
    await tight?.close();
  });

  it('starts as many card payments an hour per buyer as orders may be placed, then asks to wait', async () => {
    const user = await signedInUser(tight);
    const order = () => insertPendingOrder(tight.database.db, user.id);
    const start = async () =>
      request(tight, { method: 'POST', url: `/api/orders/${(await order()).id}/pay/`, cookie: user.cookie });
    expect([(await start()).status, (await start()).status]).toEqual([200, 200]);
    const third = await order();
    const before = stand.requests.length;
    const refused = await request(tight, {
      method: 'POST',
      url: `/api/orders/${third.id}/pay/`,
      cookie: user.cookie,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/several card payments/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(stand.requests.length).toBe(before);
  });
});

describe('without Stripe keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('has no card routes, and orders say no card payments', async () => {
    const user = await signedInUser(bare);
    const boss = await signedInAdmin(bare);
    const order = await insertPendingOrder(bare.database.db, user.id);
    const answers = [
      await request(bare, { method: 'POST', url: `/api/orders/${order.id}/pay/`, cookie: user.cookie }),
      await request(bare, {
        method: 'POST',
        url: '/api/payments/stripe/webhook/',
        body: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      }),
      await request(bare, {
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds/`,
        cookie: boss.cookie,
        body: { amount: '1.00', reason: 'x' },
      }),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.detail])).toEqual([
      [404, 'Not found.'],
      [404, 'Not found.'],
      [404, 'Not found.'],
    ]);
    const own = await request(bare, { url: `/api/orders/${order.id}/`, cookie: user.cookie });
    expect(own.body.card_payments).toBe(false);
  });
});

describe('the stand-in’s idempotency', () => {
  it('refuses a key used again with other parameters, as Stripe does', async () => {
    const call = (amount: string) =>
      fetch(`${stand.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${STAND_IN_SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'stand-in-own-test-key',
        },
        body: new URLSearchParams({
          mode: 'payment',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'usd',
          'line_items[0][price_data][unit_amount]': amount,
          'line_items[0][price_data][product_data][name]': 'Order X',
          success_url: 'http://shop.test/',
          cancel_url: 'http://shop.test/',
        }),
      });
    const first = await call('100');
    const replay = await call('100');
    expect(await replay.json()).toEqual(await first.json());
    const other = await call('200');
    expect(other.status).toBe(400);
    expect((await other.json()).error.type).toBe('idempotency_error');
    stand.idempotencyErrors.splice(0);
  });

  it('was never sent a key again with other parameters by the shop, in all the tests above', () => {
    expect(stand.idempotencyErrors).toEqual([]);
  });
});
