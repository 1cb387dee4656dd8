import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '../../common/messages/addresses.ts';
import { REQUIRED } from '../../common/messages/forms.ts';
import { addresses, cards } from '../db/schema/index.ts';
import { pdfText } from '../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../test/users.ts';

/**
 * Issue 32, point 5, over real HTTP: a country the tax matcher did not recognise used to ship at 0 % tax while
 * the invoice still printed the country. Each spelling below is either recognised as the United Kingdom and
 * taxed 20 %, or refused with the reason; nothing ships untaxed because it was typed oddly.
 */

let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signedInAdmin(t);
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Boardroom ${suffix}`,
      slug: `boardroom-${suffix}`,
      sku: `BR-${suffix}`.toUpperCase(),
      priceCents: 130_000,
      category: 'Matte Black',
    })
    .returning();
  if (!card) throw new Error('no card');
  cardId = card.id;
});
afterAll(async () => {
  await t?.close();
});

async function call(method: string, path: string, cookie: string, body?: object, headers = {}) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = answer.headers.get('content-type') ?? '';
  return {
    status: answer.status,
    body: type.includes('json') ? await answer.json() : undefined,
    raw: type.includes('pdf') ? Buffer.from(await answer.arrayBuffer()) : undefined,
  };
}

const london = { address: '10 Downing Street', city: 'London', state: '', postal_code: 'SW1A 2AA' };

/** A $1,300 order to an address in `country`, as the buyer places it: the address, then the order. */
async function orderTo(country: string) {
  const buyer = await signedInUser(t);
  const saved = await call('POST', '/api/auth/address/', buyer.cookie, { ...london, country });
  if (saved.status !== 201) return { buyer, saved, placed: undefined };
  const placed = await call(
    'POST',
    '/api/orders/',
    buyer.cookie,
    { address: saved.body.id, items: [{ card: cardId, quantity: 1, design: 'Matte Black' }] },
    { 'idempotency-key': `country-${randomBytes(6).toString('hex')}` },
  );
  return { buyer, saved, placed };
}

describe('a UK order, whatever invisible or look-alike characters its country carries', () => {
  it.each([
    ['with a zero-width space', 'United Kingdom\u200b'],
    ['with a word joiner inside', 'United\u2060 Kingdom'],
    ['in full-width letters', 'ＧＢ'],
    ['with a soft hyphen', 'U\u00adK'],
    ['in another case, with odd spaces', '  united\u00a0\u00a0KINGDOM '],
  ])('%s is recognised as GB and taxed 20 %%', async (_, country) => {
    const { saved, placed } = await orderTo(country);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ country: 'United Kingdom', country_code: 'GB' });
    expect(placed?.status).toBe(201);
    // $1,300.00 + $14.90 shipping to Europe; 20 % of $1,314.90 = $262.98.
    expect(placed?.body).toMatchObject({
      subtotal: '1300.00',
      shipping: '14.90',
      tax_rate: '20',
      tax: '262.98',
      total: '1577.88',
      address: { country: 'United Kingdom', country_code: 'GB' },
    });
  });

  it.each([
    ['spaced out', 'G B', ADDRESS_MESSAGES.countryUnknown],
    ['a planet', 'Mars', ADDRESS_MESSAGES.countryUnknown],
    ['a made-up place', 'Atlantis', ADDRESS_MESSAGES.countryUnknown],
    ['a code that is no country', 'ZZ', ADDRESS_MESSAGES.countryUnknown],
    [
      'a country with a letter swapped for a Cyrillic look-alike',
      'United Kingdоm',
      ADDRESS_MESSAGES.countryUnknown,
    ],
    ['only invisible characters', '\u200b\u200c\u2060', REQUIRED],
  ])('%s is refused with the reason, and no order can be placed', async (_, country, message) => {
    const { saved, placed } = await orderTo(country);
    expect(saved.status).toBe(400);
    expect(saved.body.errors.country).toEqual([message]);
    expect(placed).toBeUndefined();
  });

  it('is invoiced at 20 % with the country’s proper name', async () => {
    const { buyer, placed } = await orderTo('United Kingdom\u200b');
    expect(placed?.status).toBe(201);
    const confirmed = await call('POST', `/api/admin/orders/${placed?.body.id}/status/`, admin.cookie, {
      status: 'confirmed',
      note: '',
    });
    expect(confirmed.status).toBe(200);
    const invoice = await call('GET', `/api/orders/${placed?.body.number}/invoice.pdf`, buyer.cookie);
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.raw ?? Buffer.alloc(0));
    expect(text).toMatch(/United Kingdom\n/);
    expect(text).not.toContain('\u200b');
    expect(text).toMatch(/Sales tax 20 % on \$1,314\.90\s+\$262\.98/);
    expect(text).toMatch(/Total due\s+\$1,577\.88/);
  });
});

describe('an address saved before countries were chosen, whose text named no country', () => {
  it('is neither priced nor ordered to until its owner chooses the country, then is taxed by it', async () => {
    const buyer = await signedInUser(t);
    const [old] = await t.database.db
      .insert(addresses)
      .values({ userId: buyer.id, ...london, postalCode: london.postal_code, country: 'Mars' })
      .returning();
    if (!old) throw new Error('no address');
    const listed = await call('GET', '/api/auth/address/', buyer.cookie);
    expect(listed.body).toEqual([expect.objectContaining({ country: 'Mars', country_code: null })]);

    const items = [{ card: cardId, quantity: 1, design: 'Matte Black' }];
    const refused = ADDRESS_MESSAGES.chooseCountry('Mars');
    const quoted = await call('POST', '/api/orders/quote/', buyer.cookie, { items, address: old.id });
    expect(quoted).toMatchObject({ status: 400, body: { detail: refused, errors: { address: [refused] } } });
    const placed = await call(
      'POST',
      '/api/orders/',
      buyer.cookie,
      { address: old.id, items },
      { 'idempotency-key': `country-${randomBytes(6).toString('hex')}` },
    );
    expect(placed).toMatchObject({ status: 400, body: { detail: refused } });

    const chosen = await call('PUT', `/api/auth/address/${old.id}/`, buyer.cookie, {
      ...london,
      country_code: 'GB',
    });
    expect(chosen).toMatchObject({ status: 200, body: { country: 'United Kingdom', country_code: 'GB' } });
    const priced = await call('POST', '/api/orders/quote/', buyer.cookie, { items, address: old.id });
    expect(priced).toMatchObject({ status: 200, body: { tax_rate: '20', tax: '262.98' } });
  });
});
