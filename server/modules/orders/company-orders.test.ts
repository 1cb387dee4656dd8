import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rfReference } from '../../../common/rf-reference.ts';
import { cards, orders } from '../../db/schema/index.ts';
import { pdfQrCodes } from '../../test/pdf-qr.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

// The firm as one established in Germany, invoicing in euros to an IBAN: the reverse charge and the EPC QR
// code need an EU seller, and the billing module takes the seller from content/company.ts.
vi.mock('../../../content/company.ts', async (original) => {
  const { company } = await original<typeof import('../../../content/company.ts')>();
  return {
    company: {
      ...company,
      legalName: 'Nexa Europa GmbH',
      registeredAddress: {
        lines: ['Friedrichstraße 123'],
        postalCode: '10117',
        city: 'Berlin',
        countryCode: 'DE',
      },
      taxNumbers: [{ kind: 'vat', label: 'VAT number', value: 'DE123456789' }],
      currency: 'EUR',
      payment: {
        ...company.payment,
        accountName: 'Nexa Europa GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      },
    },
  };
});

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const key = () => `test-${randomBytes(8).toString('hex')}`;
let clients = 0;

async function call(url: string, cookie: string, body: unknown, headers: Record<string, string> = {}) {
  clients += 1;
  return request(t, {
    method: 'POST',
    url,
    cookie,
    body: body as object,
    headers,
    remoteAddress: `10.9.0.${clients}`,
  });
}

async function buyerInGermany() {
  const user = await signedInUser(t);
  const address = await call('/api/auth/address/', user.cookie, {
    address: 'Hauptstraße 5',
    city: 'München',
    country_code: 'DE',
    postal_code: '80331',
  });
  expect(address.status, address.text).toBe(201);
  // Where a French company's goods go: out of the seller's Germany to another member state.
  const paris = await call('/api/auth/address/', user.cookie, {
    address: '12 rue de la Paix',
    city: 'Paris',
    country_code: 'FR',
    postal_code: '75002',
  });
  expect(paris.status, paris.text).toBe(201);
  return { ...user, addressId: address.body.id as number, franceId: paris.body.id as number };
}

async function newCard() {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Test Card ${suffix}`,
      slug: `test-card-${suffix}`,
      sku: `TST-${suffix}`.toUpperCase(),
      priceCents: 2500,
      category: 'Matte Black',
    })
    .returning();
  if (!card) throw new Error('no card');
  return card;
}

const french = {
  name: 'Société Exemple SARL',
  address: '12 rue de la Paix',
  postal_code: '75002',
  city: 'Paris',
  country_code: 'FR',
  vat_id: 'fr 12 345.678-901',
};

describe('buying for a company', () => {
  let buyer: Awaited<ReturnType<typeof buyerInGermany>>;
  let items: Array<{ card: number; quantity: number; design: string }>;

  beforeAll(async () => {
    buyer = await buyerInGermany();
    items = [{ card: (await newCard()).id, quantity: 2, design: 'Matte Black' }];
  });

  const quote = (company?: object, address = company ? buyer.franceId : buyer.addressId) =>
    call('/api/orders/quote/', buyer.cookie, {
      items,
      address,
      ...(company ? { company } : {}),
    });

  it('quotes as before without a company, and with the reverse charge for an EU business abroad', async () => {
    const person = await quote();
    expect(person.status, person.text).toBe(200);
    expect(person.body).toMatchObject({ tax_rate: '19', tax_treatment: 'standard', subtotal: '50.00' });

    const reverse = await quote(french);
    expect(reverse.body).toMatchObject({ tax_rate: '0', tax: '0.00', tax_treatment: 'reverse_charge' });
    expect(Number(reverse.body.total)).toBeCloseTo(50 + Number(reverse.body.shipping));

    // The goods stay in Germany: no intra-Community supply, German VAT whatever the VAT ID.
    const staying = await quote(french, buyer.addressId);
    expect(staying.body).toMatchObject({ tax_rate: '19', tax_treatment: 'standard' });
    expect(Number(staying.body.total)).toBeCloseTo(Number(person.body.total));

    // The seller's own country, a country outside the EU, or no VAT ID: taxed as usual (French VAT in France).
    for (const company of [
      { ...french, country_code: 'DE', vat_id: 'DE 987654321' },
      { ...french, country_code: 'GB', vat_id: 'GB123456789' },
      { ...french, vat_id: undefined },
    ]) {
      const answer = await quote(company);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body, JSON.stringify(company)).toMatchObject({
        tax_rate: '20',
        tax_treatment: 'standard',
      });
    }
  });

  it('refuses a malformed VAT ID with the format its country expects, and a company without its name', async () => {
    const malformed = await quote({ ...french, vat_id: 'FR123' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({
      'company.vat_id': [
        'A VAT ID from France is FR followed by 2 letters or digits and 9 digits, for example FR12345678901.',
      ],
    });
    const greek = await quote({ ...french, country_code: 'GR', vat_id: 'EL12' });
    expect(greek.body.detail).toBe(
      'A VAT ID from Greece is EL followed by 9 digits, for example EL123456789.',
    );
    const nameless = await quote({ ...french, name: ' ' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors['company.name']).toEqual([
      'Enter the company’s name (at most 200 characters).',
    ]);
    const unknown = await quote({ ...french, country_code: 'XX' });
    expect(unknown.body.errors['company.country_code']).toEqual(['Choose the billing country.']);
    const extra = await quote({ ...french, discount: 10 });
    expect(extra.status).toBe(400);
  });

  it('places an order without a company as before: billing null, standard tax', async () => {
    const placed = await call(
      '/api/orders/',
      buyer.cookie,
      { address: buyer.addressId, items },
      { 'idempotency-key': key() },
    );
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({ billing: null, tax_treatment: 'standard', tax_rate: '19' });
  });

  it('places a company order: stored on the order, reverse charged, and the key is bound to the company', async () => {
    const idempotency = key();
    const body = { address: buyer.franceId, items, company: french };
    const placed = await call('/api/orders/', buyer.cookie, body, { 'idempotency-key': idempotency });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({
      tax_treatment: 'reverse_charge',
      tax: '0.00',
      billing: {
        company: 'Société Exemple SARL',
        vat_id: 'FR12345678901',
        address: '12 rue de la Paix',
        postal_code: '75002',
        city: 'Paris',
        country: 'France',
        country_code: 'FR',
      },
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(row).toMatchObject({
      billCompany: 'Société Exemple SARL',
      billVatId: 'FR12345678901',
      billCountryCode: 'FR',
      taxTreatment: 'reverse_charge',
      taxCents: 0,
      taxRateBp: 0,
    });

    // The same request again is the same order; the same key for another company is refused.
    const again = await call('/api/orders/', buyer.cookie, body, { 'idempotency-key': idempotency });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(placed.body.id);
    const other = await call(
      '/api/orders/',
      buyer.cookie,
      { ...body, company: { ...french, name: 'Another SARL' } },
      { 'idempotency-key': idempotency },
    );
    expect(other.status).toBe(409);
    const person = await call(
      '/api/orders/',
      buyer.cookie,
      { address: buyer.addressId, items },
      { 'idempotency-key': idempotency },
    );
    expect(person.status).toBe(409);

    // Confirmed by the firm: its invoice is a reverse charge invoice in euros with the EPC QR code.
    const confirmed = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${placed.body.id}/status/`,
      cookie: admin.cookie,
      body: { status: 'confirmed', note: '' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const pdf = await request(t, {
      url: `/api/orders/${placed.body.number}/invoice.pdf`,
      cookie: buyer.cookie,
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.raw)).replace(/\s+/g, ' ');
    for (const expected of [
      'Nexa Europa GmbH',
      'VAT number: DE123456789',
      'Société Exemple SARL',
      'VAT ID: FR12345678901',
      'Exempt intra-Community supply of goods (Article 138, Council Directive 2006/112/EC).',
      'Supplier VAT ID: DE123456789 · Customer VAT ID: FR12345678901',
      `Total due €${placed.body.total}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    const codes = await pdfQrCodes(pdf.raw);
    expect(codes).toHaveLength(1);
    const [code] = codes;
    expect(code?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Nexa Europa GmbH',
      'DE89370400440532013000',
      `EUR${placed.body.total}`,
      '',
      rfReference(placed.body.number),
    ]);
  });
});
