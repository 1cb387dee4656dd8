import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { cards, orderLines, orders } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { ORDER_LIMITS } from './service.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO_SALES: 'sales@shop.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const key = () => `test-${randomBytes(8).toString('hex')}`;

async function newCard(
  fields: { priceCents?: number; stock?: number | null; active?: boolean; category?: string } = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Test Card ${suffix}`,
      slug: `test-card-${suffix}`,
      sku: `TST-${suffix}`.toUpperCase(),
      priceCents: fields.priceCents ?? 2499,
      category: fields.category ?? 'Matte Black',
      stock: fields.stock === undefined ? null : fields.stock,
      active: fields.active ?? true,
    })
    .returning();
  if (!card) throw new Error('no card');
  return card;
}

async function customer() {
  const user = await signedInUser(t);
  const address = await call('POST', '/api/auth/address/', user.cookie, {
    address: '12 Harbour Road',
    city: 'Cork',
    state: '',
    country: 'Ireland',
    postal_code: 'T12 X2YZ',
  });
  return { ...user, addressId: address.body.id as number };
}

/** Each buyer calls from an address of their own, as real buyers do (orders are limited per client too). */
const buyerAddresses = new Map<string, string>();
function remoteAddressOf(cookie: string | undefined): string {
  if (!cookie) return '127.0.0.1';
  let address = buyerAddresses.get(cookie);
  if (!address) {
    const n = buyerAddresses.size;
    address = `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    buyerAddresses.set(cookie, address);
  }
  return address;
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request(t, {
    method,
    url,
    body: payload as object,
    cookie,
    headers,
    remoteAddress: remoteAddressOf(cookie),
  });
  return {
    status: response.status,
    body: response.text ? response.body : undefined,
    headers: response.headers,
  };
}

const order = (cookie: string, payload: unknown, idempotencyKey: string = key()) =>
  call('POST', '/api/orders/', cookie, payload, { 'idempotency-key': idempotencyKey });

async function stockOf(id: number) {
  const [row] = await t.database.db.select({ stock: cards.stock }).from(cards).where(eq(cards.id, id));
  return row?.stock;
}

async function orderCount(userId?: number) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(userId ? eq(orders.userId, userId) : undefined);
  return row?.n ?? 0;
}

describe('POST /api/orders/', () => {
  it('prices from the database, snapshots address and lines, takes stock, mails customer and sales', async () => {
    const buyer = await customer();
    const metal = await newCard({ priceCents: 4999, stock: 5, category: 'Metal Gold' });
    const bamboo = await newCard({ priceCents: 1950, category: 'Bamboo' });
    const placed = await order(buyer.cookie, {
      address: buyer.addressId,
      items: [
        { card: metal.id, quantity: 2, design: 'Metal Gold' },
        { card: bamboo.id, quantity: 1, design: 'Bamboo' },
      ],
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      number: expect.stringMatching(/^NX-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      status: 'pending',
      // Ireland ships in the demo's Europe zone ($14.90) with 23 % VAT on goods and shipping ($30.91).
      subtotal: '119.48',
      shipping: '14.90',
      shipping_zone: 'Europe',
      tax_rate: '23',
      tax: '30.91',
      total: '165.29',
      item_count: 3,
      address: { address: '12 Harbour Road', city: 'Cork', country: 'Ireland', postal_code: 'T12 X2YZ' },
      items: [
        {
          card: metal.id,
          name: metal.name,
          sku: metal.sku,
          design: 'Metal Gold',
          unit_price: '49.99',
          quantity: 2,
          line_total: '99.98',
        },
        { card: bamboo.id, design: 'Bamboo', unit_price: '19.50', quantity: 1, line_total: '19.50' },
      ],
    });
    expect(await stockOf(metal.id)).toBe(3);
    expect(await stockOf(bamboo.id)).toBeNull();

    // Later edits of the address and the card change nothing in the order.
    await call('PUT', `/api/auth/address/${buyer.addressId}/`, buyer.cookie, {
      address: '1 New Street',
      city: 'Galway',
      country: 'Ireland',
      postal_code: 'T12 Y3ZA',
    });
    await t.database.db.update(cards).set({ priceCents: 1, name: 'Renamed' }).where(eq(cards.id, metal.id));
    const again = await call('GET', `/api/orders/${placed.body.id}/`, buyer.cookie);
    expect(again.body).toEqual(placed.body);

    const mail = await smtp.waitFor(buyer.email);
    expect(mail.subject).toContain(placed.body.number);
    expect(mail.text).toContain('Subtotal: $119.48');
    expect(mail.text).toContain('Shipping (Europe): $14.90');
    expect(mail.text).toContain('Tax (23 %): $30.91');
    expect(mail.text).toContain('Total: $165.29');
    const sales = await smtp.waitFor('sales@shop.test', (m) => m.subject.includes(placed.body.number));
    expect(sales.text).toContain(buyer.email);
  });

  it('lists only the user’s own orders, newest first, and hides other users’ orders', async () => {
    const buyer = await customer();
    const other = await customer();
    const card = await newCard();
    const first = await order(buyer.cookie, {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 1, design: 'Matte Black' }],
    });
    const second = await order(buyer.cookie, {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 4, design: 'Matte Black' }],
    });
    const list = await call('GET', '/api/orders/', buyer.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results.map((o: { id: number }) => o.id)).toEqual([second.body.id, first.body.id]);
    expect((await call('GET', '/api/orders/', other.cookie)).body).toMatchObject({ count: 0, results: [] });
    const peek = await call('GET', `/api/orders/${first.body.id}/`, other.cookie);
    expect(peek).toMatchObject({ status: 404, body: { detail: 'Order not found.' } });
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      expect((await call('GET', `/api/orders/${bad}/`, buyer.cookie)).status).toBe(404);
    }
    expect((await call('GET', '/api/orders/?page=2', buyer.cookie)).status).toBe(404);
    expect((await call('GET', '/api/orders/?page=x', buyer.cookie)).status).toBe(400);
    expect((await call('GET', '/api/orders/')).status).toBe(401);
  });

  it('refuses bad input with a clear message, and writes nothing', async () => {
    const buyer = await customer();
    const stranger = await customer();
    const card = await newCard({ stock: 3 });
    const inactive = await newCard({ active: false });
    const soldOut = await newCard({ stock: 0 });
    const line = { card: card.id, quantity: 1, design: 'Matte Black' };
    const cases: Array<[string, unknown, number, string]> = [
      ['no address', { items: [line] }, 400, 'Please select a shipping address.'],
      ['address null', { address: null, items: [line] }, 400, 'Please select a shipping address.'],
      [
        'another user’s address',
        { address: stranger.addressId, items: [line] },
        400,
        'Please select a shipping address.',
      ],
      [
        'an unknown address',
        { address: 2_000_000_000, items: [line] },
        400,
        'Please select a shipping address.',
      ],
      ['no items', { address: buyer.addressId }, 400, 'Cart is empty.'],
      ['an empty item list', { address: buyer.addressId, items: [] }, 400, 'Cart is empty.'],
      ['items not a list', { address: buyer.addressId, items: 'all' }, 400, 'Cart is empty.'],
      ...[0, -1, 1.5, 1e9, '2', null].map((quantity): [string, unknown, number, string] => [
        `quantity ${JSON.stringify(quantity)}`,
        { address: buyer.addressId, items: [{ ...line, quantity }] },
        400,
        'Quantity must be a whole number from 1 to 99.',
      ]),
      [
        'an unknown card',
        { address: buyer.addressId, items: [{ ...line, card: 1_999_999_999 }] },
        400,
        'Card #1999999999 does not exist.',
      ],
      [
        'an inactive card',
        { address: buyer.addressId, items: [{ ...line, card: inactive.id }] },
        409,
        `“${inactive.name}” is no longer available.`,
      ],
      [
        'a sold-out card',
        { address: buyer.addressId, items: [{ ...line, card: soldOut.id }] },
        409,
        `“${soldOut.name}” is out of stock.`,
      ],
      [
        'more than the stock',
        { address: buyer.addressId, items: [{ ...line, quantity: 4 }] },
        409,
        `Only 3 of “${card.name}” left in stock.`,
      ],
      [
        'the stock split over two lines',
        {
          address: buyer.addressId,
          items: [
            { ...line, quantity: 2 },
            { ...line, quantity: 2 },
          ],
        },
        409,
        `Only 3 of “${card.name}” left in stock.`,
      ],
      [
        'a design the card does not have',
        { address: buyer.addressId, items: [{ ...line, design: 'Bamboo' }] },
        400,
        `“${card.name}” does not come in the design “Bamboo”.`,
      ],
      ['a body that is not an object', [1, 2], 400, 'Invalid input: expected object, received array'],
    ];
    for (const [name, payload, status, detail] of cases) {
      const response = await order(buyer.cookie, payload);
      expect(response.status, name).toBe(status);
      expect(response.body.detail, name).toBe(detail);
    }
    const noKey = await call('POST', '/api/orders/', buyer.cookie, {
      address: buyer.addressId,
      items: [line],
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.detail).toMatch(/Idempotency-Key/);
    const badKey = await order(buyer.cookie, { address: buyer.addressId, items: [line] }, 'short');
    expect(badKey.status).toBe(400);
    expect(
      (
        await call(
          'POST',
          '/api/orders/',
          undefined,
          { address: 1, items: [line] },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(401);
    const crossSite = await call(
      'POST',
      '/api/orders/',
      buyer.cookie,
      { address: buyer.addressId, items: [line] },
      {
        'idempotency-key': key(),
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(crossSite.status).toBe(403);

    expect(await orderCount(buyer.id)).toBe(0);
    expect(await stockOf(card.id)).toBe(3);
  });

  it('refuses a price or a total sent by the browser, naming the field, and orders nothing', async () => {
    const buyer = await customer();
    const card = await newCard({ priceCents: 4999, stock: 5 });
    const cheap = await order(buyer.cookie, {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 1, design: 'Matte Black', price: '0.01' }],
      total: '0.01',
    });
    expect(cheap.status).toBe(400);
    expect(cheap.body).toMatchObject({
      detail: 'Unknown field: items.0.price.',
      errors: { total: ['Unknown field.'], 'items.0.price': ['Unknown field.'] },
    });
    const mine = await call('GET', '/api/orders/', buyer.cookie);
    expect(mine.body.count).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the first order, and refuses it for another order', async () => {
    const buyer = await customer();
    const card = await newCard({ stock: 10 });
    const payload = {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 2, design: 'Matte Black' }],
    };
    const k = key();
    const first = await order(buyer.cookie, payload, k);
    const retry = await order(buyer.cookie, { ...payload }, k);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await stockOf(card.id)).toBe(8);
    const different = await order(
      buyer.cookie,
      { ...payload, items: [{ ...payload.items[0], quantity: 3 }] },
      k,
    );
    expect(different).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was already used for a different order.' },
    });
    // Keys belong to one user: another user's same key is a new order.
    const other = await customer();
    expect((await order(other.cookie, { ...payload, address: other.addressId }, k)).status).toBe(201);
  });

  it('makes one order when the same Idempotency-Key arrives several times at once', async () => {
    const buyer = await customer();
    const card = await newCard({ stock: 10 });
    const payload = {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 1, design: 'Matte Black' }],
    };
    const k = key();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(buyer.cookie, payload, k)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await orderCount(buyer.id)).toBe(1);
    expect(await stockOf(card.id)).toBe(9);
  });

  it('sells exactly the stock when 50 orders race for 10 cards', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => customer()));
    const card = await newCard({ stock: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const buyer = buyers[i % buyers.length] as (typeof buyers)[number];
        return order(buyer.cookie, {
          address: buyer.addressId,
          items: [{ card: card.id, quantity: 1, design: 'Matte Black' }],
        });
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stockOf(card.id)).toBe(0);
    const [sold] = await t.database.db
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.cardId, card.id));
    expect(sold?.n).toBe(10);
  });
});

describe('POST /api/orders/quote/', () => {
  it('prices a cart for anyone and reports each line’s problem without failing', async () => {
    const card = await newCard({ priceCents: 1000, stock: 2 });
    const gone = await newCard({ active: false });
    const response = await call('POST', '/api/orders/quote/', undefined, {
      items: [
        { card: card.id, quantity: 3, design: 'Matte Black' },
        { card: gone.id, quantity: 1, design: 'Matte Black' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      orderable: false,
      items: [
        {
          card: card.id,
          name: card.name,
          unit_price: '10.00',
          line_total: '30.00',
          problem: `Only 2 of “${card.name}” left in stock.`,
        },
        { card: gone.id, problem: `“${gone.name}” is no longer available.` },
      ],
    });
    const fine = await call('POST', '/api/orders/quote/', undefined, {
      items: [{ card: card.id, quantity: 2, design: 'Matte Black' }],
    });
    expect(fine.body).toMatchObject({ orderable: true, total: '20.00', item_count: 2 });
    expect((await call('POST', '/api/orders/quote/', undefined, { items: [] })).body.detail).toBe(
      'Cart is empty.',
    );
  });
});

describe('mail never undoes an order', () => {
  it('keeps the order when the mail server is down', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' });
    try {
      const user = await signedInUser(down);
      const address = await request(down, {
        method: 'POST',
        url: '/api/auth/address/',
        cookie: user.cookie,
        body: { address: '1 Main St', city: 'Cork', country: 'Ireland', postal_code: 'T12 X2YZ' },
      });
      const [card] = await down.database.db.select().from(cards).where(eq(cards.active, true)).limit(1);
      const response = await request(down, {
        method: 'POST',
        url: '/api/orders/',
        cookie: user.cookie,
        headers: { 'idempotency-key': key() },
        body: {
          address: address.body.id,
          items: [{ card: card?.id, quantity: 1, design: card?.category }],
        },
      });
      expect(response.status).toBe(201);
      const [row] = await down.database.db.select().from(orders).where(eq(orders.id, response.body.id));
      expect(row?.subtotalCents).toBe(card?.priceCents);
      expect(row?.totalCents).toBe(
        (card?.priceCents ?? 0) + (row?.shippingCents ?? 0) + (row?.taxCents ?? 0),
      );
    } finally {
      await down.close();
    }
  });
});

describe('order rate limits', () => {
  it('refuses the 11th order of a user within an hour with a clear 429, but still replays an earlier one', async () => {
    const buyer = await customer();
    const card = await newCard();
    const payload = {
      address: buyer.addressId,
      items: [{ card: card.id, quantity: 1, design: 'Matte Black' }],
    };
    const first = key();
    for (let i = 0; i < ORDER_LIMITS.perUser.max; i++) {
      expect((await order(buyer.cookie, payload, i === 0 ? first : key())).status).toBe(201);
    }
    const refused = await order(buyer.cookie, payload);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(ORDER_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await order(buyer.cookie, payload, first)).status).toBe(201);
    expect(await orderCount(buyer.id)).toBe(ORDER_LIMITS.perUser.max);
  });
});

describe('best sellers', () => {
  // An order that changes no stock count refreshes the best sellers within a minute instead (a busy shop
  // would otherwise empty every cache on every order): see throttledPublisher's test.
  it('puts the cards ordered most first on the home page, refreshed at once when the order took stock', async () => {
    const buyer = await customer();
    const before = await call('GET', '/api/home/');
    const hit = await newCard({ stock: 500 });
    // Kept by the catalogue's cache before the order.
    expect((await call('GET', `/api/cards/${hit.slug}/`)).body.stock).toBe(500);
    await order(buyer.cookie, {
      address: buyer.addressId,
      items: [{ card: hit.id, quantity: 99, design: 'Matte Black' }],
    });
    const after = await call('GET', '/api/home/');
    expect(before.body.best_selling_products[0].id).not.toBe(hit.id);
    expect(after.body.best_selling_products[0].id).toBe(hit.id);
    expect((await call('GET', `/api/cards/${hit.slug}/`)).body.stock).toBe(401);
  });
});
