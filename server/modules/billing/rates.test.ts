import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, countryRates, orders, shippingZones } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { shippingAndTax } from './rates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('shippingAndTax (the demo rates)', () => {
  it('charges a listed country its zone’s rate and its tax on goods and shipping, rounded half up', async () => {
    // Ireland: Europe $14.90, VAT 23 % of $119.48 + $14.90 = $30.9074 → $30.91.
    expect(await shippingAndTax(t.database.db, 'IE', 11948)).toEqual({
      zone: 'Europe',
      shippingCents: 1490,
      taxRateBp: 2300,
      taxCents: 3091,
    });
    expect(await shippingAndTax(t.database.db, 'DE', 1000)).toMatchObject({
      zone: 'Europe',
      taxRateBp: 1900,
      taxCents: 473, // 19 % of $24.90 = $4.731
    });
    expect(await shippingAndTax(t.database.db, 'US', 2500)).toEqual({
      zone: 'United States',
      shippingCents: 490,
      taxRateBp: 0,
      taxCents: 0,
    });
    // Half a cent rounds up: 10 % of $0.05 + $0.00 shipping in a zone at $0.
    const [free] = await t.database.db
      .insert(shippingZones)
      .values({ name: 'Free', rateCents: 0 })
      .returning();
    if (!free) throw new Error('no zone');
    await t.database.db.insert(countryRates).values({ country: 'IS', zoneId: free.id, taxRateBp: 1000 });
    expect((await shippingAndTax(t.database.db, 'IS', 5)).taxCents).toBe(1);
  });

  it('ships any other country at the default zone’s rate, with no tax', async () => {
    for (const country of ['JP', 'BR', 'HK'] as const) {
      expect(await shippingAndTax(t.database.db, country, 5000), country).toEqual({
        zone: 'Everywhere else',
        shippingCents: 1990,
        taxRateBp: 0,
        taxCents: 0,
      });
    }
  });
});

describe('the quote for an address', () => {
  async function card(priceCents: number) {
    const suffix = randomBytes(4).toString('hex');
    const [row] = await t.database.db
      .insert(cards)
      .values({
        name: `Rate ${suffix}`,
        slug: `rate-${suffix}`,
        sku: `RT-${suffix}`.toUpperCase(),
        priceCents,
        category: 'Matte Black',
      })
      .returning();
    if (!row) throw new Error('no card');
    return row;
  }
  async function addressOf(cookie: string, country: string): Promise<number> {
    const answer = await request(t, {
      method: 'POST',
      url: '/api/auth/address/',
      cookie,
      body: { address: '1 Quay Street', city: 'Galway', state: '', country, postal_code: '91234' },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  }

  it('adds shipping and tax for the user’s own address, the same the order then charges and keeps', async () => {
    const item = await card(2500);
    const buyer = await signedInUser(t);
    const address = await addressOf(buyer.cookie, 'France');
    const items = [{ card: item.id, quantity: 2, design: 'Matte Black' }];

    const bare = await request(t, { method: 'POST', url: '/api/orders/quote/', body: { items } });
    expect(bare.body).toMatchObject({
      subtotal: '50.00',
      shipping: null,
      shipping_zone: null,
      tax_rate: null,
      tax: null,
      total: '50.00',
    });

    const quoted = await request(t, {
      method: 'POST',
      url: '/api/orders/quote/',
      cookie: buyer.cookie,
      body: { items, address: String(address) },
    });
    expect(quoted.status).toBe(200);
    // $50.00 + $14.90 shipping; 20 % VAT on $64.90 = $12.98.
    const figures = {
      subtotal: '50.00',
      shipping: '14.90',
      shipping_zone: 'Europe',
      tax_rate: '20',
      tax: '12.98',
    };
    expect(quoted.body).toMatchObject({ ...figures, total: '77.88' });

    const placed = await request(t, {
      method: 'POST',
      url: '/api/orders/',
      cookie: buyer.cookie,
      headers: { 'idempotency-key': `rates-${randomBytes(6).toString('hex')}` },
      body: { address, items },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ ...figures, total: '77.88' });

    // A later change of rates leaves the placed order as it was.
    await t.database.db.update(countryRates).set({ taxRateBp: 0 }).where(eq(countryRates.country, 'FR'));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(row).toMatchObject({
      subtotalCents: 5000,
      shippingCents: 1490,
      shippingZone: 'Europe',
      taxCents: 1298,
      taxRateBp: 2000,
      totalCents: 7788,
    });
    const again = await request(t, { url: `/api/orders/${placed.body.id}/`, cookie: buyer.cookie });
    expect(again.body).toMatchObject({ ...figures, total: '77.88' });
  });

  it('answers someone else’s address, an unknown one and a signed-out visitor’s alike', async () => {
    const item = await card(1000);
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const address = await addressOf(owner.cookie, 'Germany');
    const items = [{ card: item.id, quantity: 1, design: 'Matte Black' }];
    const answers = await Promise.all(
      [
        { cookie: other.cookie, address },
        { cookie: owner.cookie, address: 2_000_000_000 },
        { cookie: undefined, address },
      ].map(({ cookie, address: id }) =>
        request(t, { method: 'POST', url: '/api/orders/quote/', cookie, body: { items, address: id } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        detail: 'Please select a shipping address.',
        errors: { address: ['Please select a shipping address.'] },
      });
    }
    const junk = await request(t, {
      method: 'POST',
      url: '/api/orders/quote/',
      cookie: owner.cookie,
      body: { items, address: 'abc', country: 'DE' },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.errors).toMatchObject({ country: ['Unknown field.'] });
  });
});
