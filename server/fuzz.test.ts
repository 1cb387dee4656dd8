/**
 * Property-based fuzzing of every route in the route table: generated and malformed path parameters, query
 * strings, headers and bodies (JSON, broken JSON, raw bytes, multipart forms with garbage files), sent signed
 * out, as one customer aiming at another customer's ids, and as an admin. Never a 5xx, never a crash, and the
 * other customer's data stays as it was. FUZZ_RUNS (default 25) sets the cases per route and identity.
 */
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  cards,
  exchangedContacts,
  orderLines,
  orders,
  serials,
  sessions,
  users,
} from './db/schema/index.ts';
import type { DocumentedRoute } from './http/openapi.ts';
import { generateSerial } from './modules/registry/serials/serial-code.ts';
import { insertContacts } from './test/exchanged-contacts.ts';
import { request } from './test/request.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from './test/users.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const ORIGIN = 'http://shop.test';

let t: TestApp;
let victim: Awaited<ReturnType<typeof signedInUser>> & {
  addressId: number;
  orderId: number;
  serial: string;
  contactId: number;
};
let attacker: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  victim = { ...(await signedInUser(t)), addressId: 0, orderId: 0, serial: '', contactId: 0 };
  attacker = await signedInUser(t);
  const call = async (method: 'POST', url: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await request(t, {
      method,
      url,
      body: payload,
      cookie: victim.cookie,
      origin: ORIGIN,
      headers,
    });
    if (response.status >= 300) throw new Error(`${url}: ${response.status} ${response.text}`);
    return response.body;
  };
  const address = await call('POST', '/api/auth/address/', {
    address: '5 Victim Road',
    city: 'Galway',
    country: 'Ireland',
    postal_code: 'H91 E2K3',
  });
  victim.addressId = address.id;
  const [card] = await db.select().from(cards).where(eq(cards.active, true)).orderBy(asc(cards.id)).limit(1);
  if (!card) throw new Error('no card');
  const order = await call(
    'POST',
    '/api/orders/',
    { address: address.id, items: [{ card: card.id, quantity: 1, design: card.category }] },
    { 'idempotency-key': 'fuzz-victim-order-1' },
  );
  victim.orderId = order.id;
  victim.serial = generateSerial();
  await db.insert(serials).values({ serial: victim.serial, cardId: card.id });
  await call('POST', '/api/auth/cards/claim/', { serial: victim.serial });
  const [contact] = await insertContacts(db, victim.id, [{ name: 'Victim’s Contact' }]);
  victim.contactId = contact?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Everything of the victim's that another customer must never change. */
async function victimState() {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, victim.id));
  const { lastLoginAt: _login, ...account } = user ?? ({} as NonNullable<typeof user>);
  return {
    account,
    addresses: await db.select().from(addresses).where(eq(addresses.userId, victim.id)),
    orders: await db.select().from(orders).where(eq(orders.userId, victim.id)),
    lines: await db
      .select({ line: orderLines })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.userId, victim.id)),
    cards: await db
      .select({ serial: serials.serial, status: serials.status, claimedAt: serials.claimedAt })
      .from(serials)
      .where(eq(serials.claimedBy, victim.id)),
    contacts: await db.select().from(exchangedContacts).where(eq(exchangedContacts.ownerId, victim.id)),
    sessions: (await db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, victim.id)))
      .length,
  };
}

/** Values an attacker would try: the victim's own ids and names first, then edge cases. */
function interesting(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      String(victim.id),
      String(victim.addressId),
      String(victim.orderId),
      String(victim.contactId),
      victim.serial,
      victim.username,
      victim.email,
      '0',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      '99999999999999999999',
      'NaN',
      'null',
      'true',
      '',
      ' ',
      '..%2F..%2Fetc%2Fpasswd',
      "' OR 1=1 --",
      '%00',
      '\u0000',
      '💳',
      'a'.repeat(5000),
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer().map(String),
  );
}

/** Any JSON value, with the interesting strings mixed in. */
function jsonish(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: interesting() },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.array(interesting(), { maxLength: 3 }) },
  );
}

/** The field names a route documents (its body or form), so generated objects reach its deeper checks. */
function documentedFields(route: DocumentedRoute): string[] {
  const schema = route.doc?.body ?? route.doc?.multipart?.fields;
  return Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
}

function documentedQuery(route: DocumentedRoute): string[] {
  const shape = (route.doc?.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {});
}

const headerValue = fc
  .string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength: 60,
  })
  .filter((value) => value.trim() === value);

function headersArb(): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'content-type': fc.oneof(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/octet-stream',
        ),
        headerValue,
      ),
      origin: fc.constantFrom(ORIGIN, 'https://evil.test', 'null'),
      'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none'),
      'idempotency-key': fc.oneof(headerValue, fc.constant('fuzz-victim-order-1')),
      'accept-language': headerValue,
      'x-forwarded-for': fc.oneof(fc.ipV4(), headerValue),
      'x-request-id': headerValue,
      'if-none-match': headerValue,
      range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'lines=1-2'),
      'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-nonsense'),
      cookie: fc.oneof(
        headerValue.map((value) => `sid=${value}`),
        headerValue,
      ),
    },
    { requiredKeys: [] },
  );
}

type Body = { payload?: string | Buffer; headers?: Record<string, string> };

function bodyArb(route: DocumentedRoute): fc.Arbitrary<Body> {
  const fields = documentedFields(route);
  const objectOfFields = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), jsonish(), { maxKeys: fields.length })
    : fc.dictionary(fc.string({ maxLength: 10 }), jsonish(), { maxKeys: 4 });
  const arbs: fc.Arbitrary<Body>[] = [
    fc.constant({}),
    objectOfFields.map((value) => ({
      payload: JSON.stringify(value),
      headers: { 'content-type': 'application/json' },
    })),
    fc.jsonValue().map((value) => ({
      payload: JSON.stringify(value),
      headers: { 'content-type': 'application/json' },
    })),
    fc.string({ maxLength: 200 }).map((text) => ({
      payload: text,
      headers: { 'content-type': 'application/json' },
    })),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ payload: Buffer.from(bytes) })),
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...(fields.length ? fields : ['x'])), interesting(), { maxKeys: 6 }),
        fc.option(fc.uint8Array({ minLength: 1, maxLength: 2000 })),
        fc.constantFrom('photo', 'cover', 'file'),
        fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html'),
      )
      .map(([values, file, field, type]) => {
        const form = multipart(
          Object.fromEntries(
            Object.entries(values).map(([key, value]) => [key, value.replace(/[\r\n"]/g, '')]),
          ),
          file ? { field, filename: 'x.png', type, data: Buffer.from(file) } : undefined,
        );
        return { payload: form.payload, headers: form.headers };
      }),
  ];
  return fc.oneof(...arbs);
}

function requestArb(route: DocumentedRoute) {
  const params = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)];
  const queryKeys = [...documentedQuery(route), 'page', 'search', 'x'];
  return fc.record({
    params: fc.array(interesting(), { minLength: params.length, maxLength: params.length }),
    query: fc.oneof(
      fc.dictionary(fc.constantFrom(...queryKeys), interesting(), { maxKeys: 4 }).map((values) => {
        const search = new URLSearchParams(values).toString();
        return search ? `?${search}` : '';
      }),
      fc.constantFrom(
        '',
        '?',
        '?page=1&page=2',
        '?%',
        '?a[b]=c&a[b]=d',
        '?page=%FF',
        `?search=${'%25'.repeat(300)}`,
      ),
    ),
    headers: headersArb(),
    body: bodyArb(route),
  });
}

function urlOf(route: DocumentedRoute, params: string[], query: string): string {
  let index = 0;
  const path = route.url.replace(/:([A-Za-z_]+)|\*/g, () => encodeURIComponent(params[index++] ?? ''));
  return `${path}${query}`;
}

/** The routes a client can reach: the API (with its catch-all), health, media and the SEO files. */
function routes(filter: (route: DocumentedRoute) => boolean = () => true): DocumentedRoute[] {
  // Logging out ends the fuzzing identity's session, so it goes last.
  const last = (route: DocumentedRoute) => (route.url === '/api/auth/logout/' ? 1 : 0);
  return t.app.routeList
    .filter((route) => route.method !== 'HEAD' && filter(route))
    .sort((a, b) => last(a) - last(b));
}

async function fuzz(route: DocumentedRoute, cookie: string | undefined): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestArb(route), async ({ params, query, headers, body }) => {
      const response = await request(t, {
        method: route.method as 'GET',
        url: urlOf(route, params, query),
        headers: {
          ...headers,
          ...body.headers,
          ...(cookie ? { cookie } : {}),
        },
        body: ['GET', 'DELETE', 'OPTIONS'].includes(route.method) ? undefined : body.payload,
      });
      if (response.status >= 500) {
        throw new Error(`${route.method} ${route.url}: ${response.status} ${response.text.slice(0, 300)}`);
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
}

describe('fuzzing every route', () => {
  it('finds the routes to fuzz in the route table', () => {
    expect(routes().length).toBeGreaterThanOrEqual(55);
  });

  it('signed out: never a 5xx', async () => {
    const before = await victimState();
    for (const route of routes()) await fuzz(route, undefined);
    expect(await victimState()).toEqual(before);
  }, 300_000);

  it('as another customer aiming at the victim’s ids: never a 5xx, and the victim’s data is untouched', async () => {
    const before = await victimState();
    for (const route of routes()) await fuzz(route, attacker.cookie);
    expect(await victimState()).toEqual(before);
  }, 300_000);

  it('as an admin: never a 5xx on the admin console', async () => {
    const admin = await signedInAdmin(t);
    for (const route of routes((route) => route.url.startsWith('/api/admin/')))
      await fuzz(route, admin.cookie);
    expect((await request(t, { url: '/readyz' })).status).toBe(200);
  }, 300_000);
});
