import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, cards } from '../../db/schema/index.ts';
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
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  cookie: string,
  payload?: object,
  headers = {},
) {
  const response = await request(t, { method, url, body: payload, cookie, headers });
  return { status: response.status, body: response.body };
}

async function stockedCard(stock: number | null) {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Order Test ${suffix}`,
      slug: `order-test-${suffix}`,
      sku: `OT-${suffix}`.toUpperCase(),
      priceCents: 1500,
      category: 'Matte Black',
      stock,
    })
    .returning();
  if (!card) throw new Error('no card');
  return card;
}

/** A customer's order placed through the real API. */
async function placeOrder(quantity = 2, stock: number | null = 10) {
  const card = await stockedCard(stock);
  const customer = await signedInUser(t, { firstName: 'Cleo' });
  const address = await call('POST', '/api/auth/address/', customer.cookie, {
    address: '1 Quay Street',
    city: 'Galway',
    state: '',
    country: 'Ireland',
    postal_code: 'H91 E2K3',
  });
  const order = await call(
    'POST',
    '/api/orders/',
    customer.cookie,
    { address: address.body.id, items: [{ card: card.id, quantity, design: card.category }] },
    { 'idempotency-key': `key-${randomBytes(6).toString('hex')}` },
  );
  expect(order.status, JSON.stringify([address.body, order.body])).toBe(201);
  await smtp.waitFor(customer.email);
  return { card, customer, order: order.body as { id: number; number: string } };
}

const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: cards.stock }).from(cards).where(eq(cards.id, id)))[0]?.stock;
/** Units sold, what the home page's best sellers are ranked by. */
const soldOf = async (id: number) =>
  (await t.database.db.select({ sold: cards.unitsSold }).from(cards).where(eq(cards.id, id)))[0]?.sold;

it('moves an order along pending → confirmed → shipped → delivered, mailing the customer each time', async () => {
  const { order, customer } = await placeOrder();
  const url = `/api/admin/orders/${order.id}/status/`;

  const confirmed = await call('POST', url, admin.cookie, { status: 'confirmed' });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ status: 'confirmed', next_statuses: ['shipped', 'cancelled'] });
  expect((await smtp.waitFor(customer.email)).subject).toContain(`${order.number}: Confirmed`);
  // Shipping waits for payment (decision 063).
  const paid = await call('POST', `/api/admin/orders/${order.id}/payments/`, admin.cookie, {
    kind: 'payment',
    method: 'bank_transfer',
    amount: confirmed.body.total,
  });
  expect(paid.status).toBe(200);
  expect((await smtp.waitFor(customer.email)).subject).toContain('Payment received');

  const shipped = await call('POST', url, admin.cookie, {
    status: 'shipped',
    note: 'Tracking: AN123456789IE',
  });
  expect(shipped.body.status).toBe('shipped');
  const mail = await smtp.waitFor(customer.email);
  expect(mail.subject).toContain('Shipped');
  expect(mail.text).toContain('is on its way');
  expect(mail.text).toContain('Tracking: AN123456789IE');

  const delivered = await call('POST', url, admin.cookie, { status: 'delivered' });
  expect(delivered.body).toMatchObject({ status: 'delivered', next_statuses: [] });
  expect(delivered.body.history.map((event: { to: string }) => event.to)).toEqual([
    'confirmed',
    'shipped',
    'delivered',
  ]);
  expect(delivered.body.history[1]).toMatchObject({
    from: 'confirmed',
    note: 'Tracking: AN123456789IE',
    by: admin.email,
  });

  // The customer sees the new status in their own orders.
  const own = await call('GET', `/api/orders/${order.id}/`, customer.cookie);
  expect(own.body.status).toBe('delivered');

  const entries = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(order.id)));
  expect(
    entries.map((entry) => [entry.action, entry.before, (entry.after as { status: string }).status]),
  ).toEqual([
    ['order.status', { status: 'pending' }, 'confirmed'],
    // Confirming issued the order's invoice, in the same transaction.
    ['invoice.issue', null, undefined],
    ['order.payment', null, undefined],
    ['order.status', { status: 'confirmed' }, 'shipped'],
    ['order.status', { status: 'shipped' }, 'delivered'],
  ]);
  expect(entries[0]?.actorEmail).toBe(admin.email);
});

it('refuses every transition that is not allowed, changing nothing', async () => {
  const { order } = await placeOrder();
  const url = `/api/admin/orders/${order.id}/status/`;
  const skipped = await call('POST', url, admin.cookie, { status: 'shipped' });
  expect(skipped.status).toBe(409);
  expect(skipped.body.detail).toBe('An order that is pending cannot become shipped.');
  expect((await call('POST', url, admin.cookie, { status: 'delivered' })).status).toBe(409);
  expect((await call('POST', url, admin.cookie, { status: 'pending' })).status).toBe(409);
  expect((await call('POST', url, admin.cookie, { status: 'lost' })).status).toBe(400);
  expect((await call('POST', url, admin.cookie, { status: 'cancelled' })).status).toBe(200);
  // Cancelled is final.
  expect((await call('POST', url, admin.cookie, { status: 'confirmed' })).status).toBe(409);
  expect((await call('GET', `/api/admin/orders/${order.id}/`, admin.cookie)).body.status).toBe('cancelled');
  expect(
    (await call('POST', '/api/admin/orders/99999999/status/', admin.cookie, { status: 'confirmed' })).status,
  ).toBe(404);
  expect((await call('GET', '/api/admin/orders/nope/', admin.cookie)).status).toBe(404);
});

it('puts a cancelled order back in stock, and out of the units sold, exactly once, even when two admins cancel at once', async () => {
  const { order, card, customer } = await placeOrder(3, 10);
  expect(await stockOf(card.id)).toBe(7);
  expect(await soldOf(card.id)).toBe(3);
  const url = `/api/admin/orders/${order.id}/status/`;
  const other = await signedInAdmin(t);
  const results = await Promise.all([
    call('POST', url, admin.cookie, { status: 'cancelled' }),
    call('POST', url, other.cookie, { status: 'cancelled' }),
  ]);
  expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  expect(await stockOf(card.id)).toBe(10);
  expect(await soldOf(card.id)).toBe(0);
  expect((await smtp.waitFor(customer.email)).subject).toContain('Cancelled');
  // The public card shows the stock back at once.
  const publicCard = await request(t, { url: `/api/cards/${card.slug}/` });
  expect(publicCard.body.stock).toBe(10);
});

it('cancelling an order of a card whose stock is not counted leaves it uncounted, and takes back what it sold', async () => {
  const { order, card } = await placeOrder(4, null);
  expect(await soldOf(card.id)).toBe(4);
  const before = await t.database.db.select({ at: cards.updatedAt }).from(cards).where(eq(cards.id, card.id));
  const cancelled = await call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, {
    status: 'cancelled',
  });
  expect(cancelled.status).toBe(200);
  expect(await stockOf(card.id)).toBeNull();
  expect(await soldOf(card.id)).toBe(0);
  const after = await t.database.db.select({ at: cards.updatedAt }).from(cards).where(eq(cards.id, card.id));
  expect(after).toEqual(before);
});

it('lists orders with filters and pages', async () => {
  const { order, customer } = await placeOrder();
  await call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, { status: 'confirmed' });

  const all = await call('GET', '/api/admin/orders/', admin.cookie);
  expect(all.status).toBe(200);
  expect(all.body).toMatchObject({ page: 1, page_size: 25 });
  expect(all.body.results[0]).toMatchObject({ number: order.number, customer: { email: customer.email } });

  const byEmail = await call(
    'GET',
    `/api/admin/orders/?search=${encodeURIComponent(customer.email)}`,
    admin.cookie,
  );
  expect(byEmail.body.count).toBe(1);
  const byNumber = await call('GET', `/api/admin/orders/?search=${order.number}`, admin.cookie);
  expect(byNumber.body.results.map((row: { id: number }) => row.id)).toEqual([order.id]);
  const confirmed = await call('GET', '/api/admin/orders/?status=confirmed', admin.cookie);
  expect(confirmed.body.results.every((row: { status: string }) => row.status === 'confirmed')).toBe(true);
  expect(confirmed.body.results.map((row: { id: number }) => row.id)).toContain(order.id);

  const today = new Date().toISOString().slice(0, 10);
  const todays = await call('GET', `/api/admin/orders/?from=${today}&to=${today}`, admin.cookie);
  expect(todays.body.count).toBe(all.body.count);
  const old = await call('GET', '/api/admin/orders/?from=2000-01-01&to=2000-01-31', admin.cookie);
  expect(old.body).toMatchObject({ count: 0, results: [] });

  expect((await call('GET', '/api/admin/orders/?from=2020-13-45', admin.cookie)).status).toBe(400);
  expect((await call('GET', '/api/admin/orders/?from=2021-01-02&to=2021-01-01', admin.cookie)).status).toBe(
    400,
  );
  expect((await call('GET', '/api/admin/orders/?page=999', admin.cookie)).status).toBe(404);
  // Wildcards are literal text.
  expect((await call('GET', '/api/admin/orders/?search=%25', admin.cookie)).body.count).toBe(0);
});

it('counts orders per day on the dashboard, leaving cancelled orders out, and money received as revenue', async () => {
  const today = async () => {
    const body = (await call('GET', '/api/admin/dashboard/?days=7', admin.cookie)).body;
    return {
      orders: body.orders.at(-1).value,
      cents: body.revenue_cents.at(-1).value,
      pending: body.pending_orders,
    };
  };
  const before = await today();
  const { order } = await placeOrder(2);
  const after = await today();
  expect(after).toEqual({
    orders: before.orders + 1,
    // Not revenue until it is paid.
    cents: before.cents,
    pending: before.pending + 1,
  });
  await call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, { status: 'confirmed' });
  // Confirmed and unpaid: it waits in the unpaid queue, still no revenue.
  expect(await today()).toEqual(after);
  // What the customer pays: $30.00 of cards, $14.90 shipping to Ireland and 23 % VAT ($10.33).
  const money = (body: object) => call('POST', `/api/admin/orders/${order.id}/payments/`, admin.cookie, body);
  await money({ kind: 'payment', method: 'bank_transfer', amount: '55.23' });
  expect(await today()).toEqual({ ...after, cents: before.cents + 5523, pending: before.pending + 1 });
  await call('POST', `/api/admin/orders/${order.id}/status/`, admin.cookie, { status: 'cancelled' });
  // Cancelled, the money it paid is revenue until it is refunded.
  expect(await today()).toEqual({ ...before, cents: before.cents + 5523 });
  await money({ kind: 'refund', method: 'bank_transfer', amount: '55.23' });
  expect(await today()).toEqual(before);
});
