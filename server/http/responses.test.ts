import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema, adminUserSchema } from '../modules/accounts/responses.ts';
import { addressListSchema, savedAddressSchema } from '../modules/addresses/responses.ts';
import { dashboardSchema } from '../modules/admin/responses.ts';
import {
  adminCardPageSchema,
  adminCardSchema,
  cardListSchema,
  cardSchema,
  homeProductsSchema,
} from '../modules/catalog/responses.ts';
import { adminLeadPageSchema, adminLeadSchema } from '../modules/leads/responses.ts';
import {
  adminOrderPageSchema,
  adminOrderSchema,
  orderListSchema,
  orderSchema,
  quoteSchema,
} from '../modules/orders/responses.ts';
import { loginAnswerSchema, publicProfileAnswerSchema, userSchema } from '../modules/profiles/responses.ts';
import {
  adminSerialPageSchema,
  adminSerialSchema,
  claimedCardListSchema,
  claimedCardSchema,
  refusedVerificationSchema,
  verificationResultSchema,
} from '../modules/registry/responses.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { generateSerial } from '../modules/registry/serials/serial-code.ts';
import { auditPageSchema } from '../modules/staff/audit-view.ts';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { putProfile, signedInAdmin, signedInUser, TEST_PASSWORD } from '../test/users.ts';
import { detailSchema } from './common-responses.ts';
import { readySchema, upSchema } from './health-responses.ts';

/**
 * The main answers, parsed with the schemas the API document and the browser's types come from. The
 * schemas are strict objects, so a field added to an answer (or missing from it) fails here.
 */

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t);
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A client in a network of its own (a serial's count is one per network). */
const newIp = () => `10.${ipCounter++ & 255}.77.9`;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: object; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const response = await request(t, {
    method,
    url,
    body: options.payload,
    cookie: options.cookie,
    headers: options.headers,
    remoteAddress: options.ip ?? newIp(),
  });
  return { status: response.status, body: response.body };
}

describe('catalogue', () => {
  it('lists, searches, shows one card and the home strips', async () => {
    const list = await call('GET', '/api/cards/');
    expect(list.status).toBe(200);
    const page = cardListSchema.parse(list.body);
    expect(page.results.length).toBeGreaterThan(0);

    const products = await call('GET', '/api/products/?ordering=price');
    expect(products.status).toBe(200);
    cardListSchema.parse(products.body);

    const slug = page.results[0]?.slug ?? '';
    const one = await call('GET', `/api/cards/${slug}/`);
    expect(one.status).toBe(200);
    expect(cardSchema.parse(one.body).slug).toBe(slug);

    const home = await call('GET', '/api/home/');
    expect(home.status).toBe(200);
    homeProductsSchema.parse(home.body);
  });

  it('refuses an answer with a field its schema does not know, or without one it needs', async () => {
    const { body } = await call('GET', '/api/cards/');
    const [card] = body.results;
    expect(cardSchema.safeParse({ ...card, secret: 1 }).success).toBe(false);
    const { in_stock: _dropped, ...missing } = card;
    expect(cardSchema.safeParse(missing).success).toBe(false);
  });
});

describe('accounts and profiles', () => {
  it('signs in and restores the session', async () => {
    const login = await call('POST', '/api/auth/login/', {
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(loginAnswerSchema.parse(login.body).user.email).toBe(user.email);

    const profile = await call('GET', '/api/auth/profile/', { cookie: user.cookie });
    expect(profile.status).toBe(200);
    expect(userSchema.parse(profile.body).username).toBe(user.username);
  });

  it('changes the profile and shows the public card', async () => {
    const updated = await putProfile(t, user.cookie, { company: 'Nexa', job_title: 'Engineer' });
    expect(updated.status).toBe(200);
    expect(userSchema.parse(updated.body).company).toBe('Nexa');

    const card = await call('GET', `/api/auth/public-profile/${user.username}/`);
    expect(card.status).toBe(200);
    expect(publicProfileAnswerSchema.parse(card.body)).toMatchObject({
      job_title: 'Engineer',
      company: '',
      email: '',
    });
  });

  it('answers the mail-link and message calls with a detail', async () => {
    const forgot = await call('POST', '/api/auth/forgot-password/', { payload: { email: user.email } });
    expect(forgot.status).toBe(200);
    detailSchema.parse(forgot.body);
  });
});

describe('addresses and orders', () => {
  it('saves an address, quotes a cart, places an order and lists it', async () => {
    const created = await call('POST', '/api/auth/address/', {
      cookie: user.cookie,
      payload: { address: '1 Main St', city: 'Springfield', country: 'USA', postal_code: '12345' },
    });
    expect(created.status).toBe(201);
    const address = savedAddressSchema.parse(created.body);

    const list = await call('GET', '/api/auth/address/', { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(addressListSchema.parse(list.body).map((saved) => saved.id)).toContain(address.id);

    const cards = cardListSchema.parse((await call('GET', '/api/cards/')).body);
    const card = cards.results.find((item) => item.in_stock);
    if (!card) throw new Error('the seed has no card in stock');
    const items = [{ card: card.id, design: card.category, quantity: 1 }];
    const quote = await call('POST', '/api/orders/quote/', { payload: { items } });
    expect(quote.status).toBe(200);
    expect(quoteSchema.parse(quote.body).orderable).toBe(true);

    const placed = await call('POST', '/api/orders/', {
      cookie: user.cookie,
      payload: { address: address.id, items },
      headers: { 'idempotency-key': 'responses-test-order-1' },
    });
    expect(placed.status).toBe(201);
    const order = orderSchema.parse(placed.body);

    const orders = await call('GET', '/api/orders/', { cookie: user.cookie });
    expect(orders.status).toBe(200);
    expect(orderListSchema.parse(orders.body).results[0]?.id).toBe(order.id);

    const one = await call('GET', `/api/orders/${order.id}/`, { cookie: user.cookie });
    expect(one.status).toBe(200);
    expect(orderSchema.parse(one.body)).toEqual(order);
  });
});

describe('verification and claimed cards', () => {
  it('answers genuine, limit reached, unknown, no code and too many look-ups with their schemas', async () => {
    const [serial] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const code = serial?.serial ?? '';
    const genuine = await call('GET', `/api/verify/?code=${code}`);
    expect(genuine.status).toBe(200);
    expect(verificationResultSchema.parse(genuine.body).valid).toBe(true);
    for (let n = 2; n <= 6; n++) await call('GET', `/api/verify/?code=${code}`);
    const limit = await call('GET', `/api/verify/?code=${code}`);
    expect(limit.status).toBe(200);
    expect(verificationResultSchema.parse(limit.body).valid).toBe(false);

    const noCode = await call('GET', '/api/verify/?code=');
    expect(noCode.status).toBe(400);
    refusedVerificationSchema.parse(noCode.body);

    const ip = newIp();
    const unknown = await call('GET', `/api/verify/?code=${generateSerial()}`, { ip });
    expect(unknown.status).toBe(404);
    verificationResultSchema.parse(unknown.body);
    for (let n = 2; n <= 5; n++) await call('GET', `/api/verify/?code=${generateSerial()}`, { ip });
    const limited = await call('GET', `/api/verify/?code=${generateSerial()}`, { ip });
    expect(limited.status).toBe(429);
    refusedVerificationSchema.parse(limited.body);
  });

  it('claims a card and lists the claimed cards', async () => {
    const [serial] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const claimed = await call('POST', '/api/auth/cards/claim/', {
      cookie: user.cookie,
      payload: { serial: serial?.serial },
    });
    expect(claimed.status).toBe(201);
    claimedCardSchema.parse(claimed.body);
    const list = await call('GET', '/api/auth/cards/', { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(claimedCardListSchema.parse(list.body)).toHaveLength(1);
  });
});

describe('leads', () => {
  it('answers a contact message with a detail', async () => {
    const sent = await call('POST', '/api/contact/', {
      payload: {
        firstName: 'Grace',
        email: 'grace@example.test',
        phoneNumber: '+1 415 555 0100',
        subject: 'Cards',
        message: 'Hello',
      },
    });
    expect(sent.status).toBe(201);
    detailSchema.parse(sent.body);
  });
});

describe('admin console', () => {
  /** A customer's order, placed through the real API, for the admin to see and move. */
  async function placedOrder() {
    const customer = await signedInUser(t);
    const address = await call('POST', '/api/auth/address/', {
      cookie: customer.cookie,
      payload: { address: '2 Quay St', city: 'Galway', country: 'Ireland', postal_code: 'H91 E2K3' },
    });
    const cards = cardListSchema.parse((await call('GET', '/api/cards/')).body);
    const card = cards.results.find((item) => item.in_stock);
    if (!card) throw new Error('the seed has no card in stock');
    const placed = await call('POST', '/api/orders/', {
      cookie: customer.cookie,
      payload: { address: address.body.id, items: [{ card: card.id, design: card.category, quantity: 1 }] },
      headers: { 'idempotency-key': 'responses-test-admin-order' },
    });
    expect(placed.status).toBe(201);
    return orderSchema.parse(placed.body);
  }

  it('answers orders, cards, serials, users, leads, the audit log and the dashboard with their schemas', async () => {
    const admin = await signedInAdmin(t);
    const get = (url: string) => call('GET', url, { cookie: admin.cookie });
    const order = await placedOrder();
    const [serial] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    await call('POST', '/api/contact/', {
      payload: {
        firstName: 'Lin',
        email: 'lin@example.test',
        phoneNumber: '+1 415 555 0101',
        subject: 'Cards',
        message: 'Hello',
      },
    });

    const orders = await get('/api/admin/orders/');
    expect(orders.status).toBe(200);
    expect(adminOrderPageSchema.parse(orders.body).results.map((row) => row.id)).toContain(order.id);
    const oneOrder = await get(`/api/admin/orders/${order.id}/`);
    expect(oneOrder.status).toBe(200);
    expect(adminOrderSchema.parse(oneOrder.body).next_statuses).toContain('confirmed');
    const confirmed = await call('POST', `/api/admin/orders/${order.id}/status/`, {
      cookie: admin.cookie,
      payload: { status: 'confirmed', note: '' },
    });
    expect(confirmed.status).toBe(200);
    expect(adminOrderSchema.parse(confirmed.body).history).toHaveLength(1);

    const cards = await get('/api/admin/cards/');
    expect(cards.status).toBe(200);
    const [card] = adminCardPageSchema.parse(cards.body).results;
    const oneCard = await get(`/api/admin/cards/${card?.id}/`);
    expect(oneCard.status).toBe(200);
    adminCardSchema.parse(oneCard.body);

    const serials = await get('/api/admin/serials/');
    expect(serials.status).toBe(200);
    adminSerialPageSchema.parse(serials.body);
    const oneSerial = await get(`/api/admin/serials/${serial?.serial}/`);
    expect(oneSerial.status).toBe(200);
    expect(adminSerialSchema.parse(oneSerial.body).serial).toBe(serial?.serial);

    const users = await get('/api/admin/users/');
    expect(users.status).toBe(200);
    adminUserPageSchema.parse(users.body);
    const oneUser = await get(`/api/admin/users/${admin.id}/`);
    expect(oneUser.status).toBe(200);
    expect(adminUserSchema.parse(oneUser.body).role).toBe('admin');

    const leads = await get('/api/admin/leads/');
    expect(leads.status).toBe(200);
    const [lead] = adminLeadPageSchema.parse(leads.body).results;
    const handled = await call('PATCH', `/api/admin/leads/${lead?.id}/`, {
      cookie: admin.cookie,
      payload: { status: 'handled' },
    });
    expect(handled.status).toBe(200);
    expect(adminLeadSchema.parse(handled.body).status).toBe('handled');

    const audit = await get('/api/admin/audit/');
    expect(audit.status).toBe(200);
    expect(auditPageSchema.parse(audit.body).count).toBeGreaterThanOrEqual(2);

    const dashboard = await get('/api/admin/dashboard/?days=7');
    expect(dashboard.status).toBe(200);
    expect(dashboardSchema.parse(dashboard.body).orders).toHaveLength(7);
  });
});

describe('health checks', () => {
  it('answers up and ready with their schemas', async () => {
    const up = await call('GET', '/healthz');
    expect(up.status).toBe(200);
    // Which worker answered, never its pid (that only with BENCH=1).
    expect(upSchema.parse(up.body)).toEqual({ status: 'ok', worker: expect.any(String) });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    readySchema.parse(ready.body);
  });
});
