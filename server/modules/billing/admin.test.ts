import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, body?: object, cookie = admin.cookie) =>
  request(t, { method, url, body, cookie });

async function audited(type: string, id: string | number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))));
}

it('lists the zones (default first) and the listed countries with their tax as a percentage', async () => {
  const answer = await call('GET', '/api/admin/shipping/');
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.body.zones[0]).toMatchObject({ name: 'Everywhere else', rate: '19.90', is_default: true });
  expect(answer.body.countries).toContainEqual(
    expect.objectContaining({ country: 'IE', name: 'Ireland', zone: 'Europe', tax_rate: '23' }),
  );
});

it('creates, renames, re-rates and deletes a zone, each change audited', async () => {
  const created = await call('POST', '/api/admin/shipping/zones/', { name: ' Oceania ', rate: '24.5' });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: 'Oceania', rate: '24.50', is_default: false, countries: 0 });
  const id = created.body.id;

  const taken = await call('POST', '/api/admin/shipping/zones/', { name: 'Oceania', rate: '1' });
  expect(taken.status).toBe(409);
  expect(taken.body.detail).toBe('A shipping zone with this name already exists.');

  const changed = await call('PATCH', `/api/admin/shipping/zones/${id}/`, {
    name: 'Australia and NZ',
    rate: 21,
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ name: 'Australia and NZ', rate: '21.00' });

  expect((await call('PUT', '/api/admin/shipping/countries/au/', { zone: id, tax_rate: '10' })).body).toEqual(
    {
      country: 'AU',
      name: 'Australia',
      zone_id: id,
      zone: 'Australia and NZ',
      tax_rate: '10',
    },
  );
  const inUse = await call('DELETE', `/api/admin/shipping/zones/${id}/`);
  expect(inUse.status).toBe(409);
  expect(inUse.body.detail).toBe('This zone still ships to 1 country: move it to another zone first.');

  expect((await call('DELETE', '/api/admin/shipping/countries/AU/')).status).toBe(204);
  expect((await call('DELETE', '/api/admin/shipping/countries/AU/')).status).toBe(404);
  expect((await call('DELETE', `/api/admin/shipping/zones/${id}/`)).status).toBe(204);
  expect((await call('DELETE', `/api/admin/shipping/zones/${id}/`)).status).toBe(404);

  expect((await audited('shipping_zone', id)).map((entry) => entry.action)).toEqual([
    'shipping_zone.create',
    'shipping_zone.update',
    'shipping_zone.delete',
  ]);
  expect((await audited('country_rate', 'AU')).map((entry) => entry.action)).toEqual([
    'country_rate.create',
    'country_rate.delete',
  ]);
});

it('moves the default to another zone, and never deletes the default', async () => {
  const rates = await call('GET', '/api/admin/shipping/');
  const old = rates.body.zones.find((zone: { is_default: boolean }) => zone.is_default);
  const refused = await call('DELETE', `/api/admin/shipping/zones/${old.id}/`);
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toMatch(/default zone .* cannot be deleted/);

  const spare = await call('POST', '/api/admin/shipping/zones/', { name: 'Spare', rate: '30' });
  const moved = await call('PATCH', `/api/admin/shipping/zones/${spare.body.id}/`, { default: true });
  expect(moved.body.is_default).toBe(true);
  const after = await call('GET', '/api/admin/shipping/');
  expect(after.body.zones.filter((zone: { is_default: boolean }) => zone.is_default)).toHaveLength(1);
  expect(after.body.zones[0].name).toBe('Spare');
  // "default: false" is not how it is given up: another zone takes it.
  const unset = await call('PATCH', `/api/admin/shipping/zones/${spare.body.id}/`, { default: false });
  expect(unset.status).toBe(400);
  await call('PATCH', `/api/admin/shipping/zones/${old.id}/`, { default: true });
  expect((await call('DELETE', `/api/admin/shipping/zones/${spare.body.id}/`)).status).toBe(204);
});

it('refuses bad input with a clear 400, never a 500', async () => {
  const zones = (await call('GET', '/api/admin/shipping/')).body.zones;
  const europe = zones.find((zone: { name: string }) => zone.name === 'Europe').id;
  const cases: Array<[Method, string, object, string]> = [
    [
      'POST',
      '/api/admin/shipping/zones/',
      { name: 'X', rate: '-1' },
      'Enter the shipping rate in dollars, e.g. 4.90.',
    ],
    [
      'POST',
      '/api/admin/shipping/zones/',
      { name: 'X', rate: '1.999' },
      'Enter the shipping rate in dollars, e.g. 4.90.',
    ],
    [
      'POST',
      '/api/admin/shipping/zones/',
      { name: '', rate: '1' },
      'Name the shipping zone (1 to 60 characters).',
    ],
    ['POST', '/api/admin/shipping/zones/', { name: 'X', rate: '1', is_default: true }, 'Unknown field'],
    [
      'PATCH',
      `/api/admin/shipping/zones/${europe}/`,
      { rate: -5 },
      'Enter the shipping rate in dollars, e.g. 4.90.',
    ],
    ['PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: '101' }, 'Enter the tax rate'],
    ['PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: '-1' }, 'Enter the tax rate'],
    ['PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: '7.125' }, 'Enter the tax rate'],
    ['PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: 19 }, 'Enter the tax rate'],
    [
      'PUT',
      '/api/admin/shipping/countries/DE/',
      { zone: 2_000_000_000, tax_rate: '19' },
      'Choose the shipping zone.',
    ],
    [
      'PUT',
      '/api/admin/shipping/countries/DE/',
      { zone: europe, tax_rate: '19', rate: '1' },
      'Unknown field: rate.',
    ],
  ];
  for (const [method, url, body, message] of cases) {
    const answer = await call(method, url, body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(answer.body.detail, JSON.stringify(body)).toContain(message);
  }
  // 100 % and two decimals are fine; codes ISO does not know are not countries.
  expect(
    (await call('PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: '100' })).status,
  ).toBe(200);
  expect(
    (await call('PUT', '/api/admin/shipping/countries/DE/', { zone: europe, tax_rate: '19.00' })).body
      .tax_rate,
  ).toBe('19');
  for (const code of ['ZZ', 'EU', 'DEU', '1']) {
    expect(
      (await call('PUT', `/api/admin/shipping/countries/${code}/`, { zone: europe, tax_rate: '1' })).status,
    ).toBe(404);
  }
  expect((await call('PATCH', '/api/admin/shipping/zones/abc/', { rate: '1' })).status).toBe(404);
});

it('is for admins only: 401 for a visitor, 403 for a customer, and nothing changes', async () => {
  const customer = await signedInUser(t);
  for (const [method, url] of [
    ['GET', '/api/admin/shipping/'],
    ['POST', '/api/admin/shipping/zones/'],
    ['PUT', '/api/admin/shipping/countries/DE/'],
    ['DELETE', '/api/admin/shipping/countries/IE/'],
  ] as Array<[Method, string]>) {
    expect((await call(method, url, { zone: 1, tax_rate: '0' }, '')).status).toBe(401);
    expect((await call(method, url, { zone: 1, tax_rate: '0' }, customer.cookie)).status).toBe(403);
  }
  const ireland = (await call('GET', '/api/admin/shipping/')).body.countries.find(
    (row: { country: string }) => row.country === 'IE',
  );
  expect(ireland.tax_rate).toBe('23');
});
