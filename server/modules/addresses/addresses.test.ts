import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const home = {
  address: '12 Harbour Road',
  city: 'Cork',
  state: '',
  country: 'Ireland',
  postal_code: 'T12 X2YZ',
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) {
  const response = await request(t, { method, url, body: payload, cookie });
  return { status: response.status, body: response.text ? response.body : undefined };
}

it('adds, lists newest first, updates and deletes the user’s own addresses', async () => {
  const { cookie } = await signedInUser(t);
  expect(await call('GET', '/api/auth/address/', cookie)).toEqual({ status: 200, body: [] });
  const first = await call('POST', '/api/auth/address/', cookie, home);
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ ...home, id: expect.any(Number) });
  const second = await call('POST', '/api/auth/address/', cookie, {
    ...home,
    address: '1 Main St',
    state: 'Munster',
  });
  const list = await call('GET', '/api/auth/address/', cookie);
  expect(list.body.map((a: { id: number }) => a.id)).toEqual([second.body.id, first.body.id]);

  const updated = await call('PUT', `/api/auth/address/${first.body.id}/`, cookie, {
    ...home,
    city: 'Galway',
  });
  expect(updated).toMatchObject({ status: 200, body: { id: first.body.id, city: 'Galway' } });
  expect((await call('DELETE', `/api/auth/address/${first.body.id}/`, cookie)).status).toBe(204);
  expect((await call('GET', '/api/auth/address/', cookie)).body).toHaveLength(1);
});

it('another user’s address is a 404 and stays as it was', async () => {
  const owner = await signedInUser(t);
  const other = await signedInUser(t);
  const { body } = await call('POST', '/api/auth/address/', owner.cookie, home);
  expect(
    await call('PUT', `/api/auth/address/${body.id}/`, other.cookie, { ...home, city: 'Stolen' }),
  ).toEqual({
    status: 404,
    body: { detail: 'Address not found.', code: 'not_found' },
  });
  expect((await call('DELETE', `/api/auth/address/${body.id}/`, other.cookie)).status).toBe(404);
  expect((await call('GET', '/api/auth/address/', owner.cookie)).body[0]).toMatchObject({ city: 'Cork' });
  expect((await call('GET', '/api/auth/address/', other.cookie)).body).toEqual([]);
});

it('needs a session', async () => {
  expect((await call('GET', '/api/auth/address/')).status).toBe(401);
  expect((await call('POST', '/api/auth/address/', undefined, home)).status).toBe(401);
});

const ANYWHERE = 'Enter a postal code of 2–10 letters, digits, spaces or dashes.';

it.each([
  ['GB', 'SW1A 1AA', 'SW1A 1AA'],
  ['GB', 'sw1a 1aa', 'SW1A 1AA'],
  ['CA', 'K1A 0B1', 'K1A 0B1'],
  ['CA', '  k1a   0b1 ', 'K1A 0B1'],
  ['DE', '10115', '10115'],
  ['PT', '1234-567', '1234-567'],
  ['IE', 'd02 x285', 'D02 X285'],
  ['IE', '', ''],
  ['US', '94103-1234', '94103-1234'],
  ['NL', '1012 ab', '1012 AB'],
  ['HK', '', ''],
  ['KE', '00100', '00100'],
  ['AD', 'ad500', 'AD500'],
])('accepts in %s the postal code %j and stores it as %j', async (country_code, typed, stored) => {
  const { cookie } = await signedInUser(t);
  const body = { ...home, country: undefined, country_code, postal_code: typed };
  const added = await call('POST', '/api/auth/address/', cookie, body);
  expect(added).toMatchObject({ status: 201, body: { postal_code: stored, country_code } });
  expect((await call('GET', '/api/auth/address/', cookie)).body[0].postal_code).toBe(stored);
  const changed = await call('PUT', `/api/auth/address/${added.body.id}/`, cookie, {
    ...body,
    postal_code: typed.toLowerCase(),
  });
  expect(changed).toMatchObject({ status: 200, body: { postal_code: stored } });
});

it.each([
  ['GB', '12345', 'Enter a postal code as it is written in United Kingdom, e.g. SW1A 1AA.'],
  ['US', 'SW1A 1AA', 'Enter a postal code as it is written in United States, e.g. 94103.'],
  ['US', '9410', 'Enter a postal code as it is written in United States, e.g. 94103.'],
  ['DE', '1011', 'Enter a postal code as it is written in Germany, e.g. 10115.'],
  ['IE', '12345', 'Enter a postal code as it is written in Ireland, e.g. D02 X285.'],
  ['CA', 'K1A 0B', 'Enter a postal code as it is written in Canada, e.g. K1A 0B1.'],
  ['HK', '999077', 'Hong Kong SAR China has no postal codes: leave the postal code empty.'],
  ['GB', '', 'This field is required.'],
  ['DE', '   ', 'This field is required.'],
  ['KE', 'x', ANYWHERE],
  ['KE', '12345678901', ANYWHERE],
  ['KE', '12$45', ANYWHERE],
  ['KE', '-123', ANYWHERE],
  ['KE', 'ÅB 123', ANYWHERE],
  ['KE', 'ßß', ANYWHERE],
  ['KE', '12\n45', ANYWHERE],
])(
  'in %s refuses the postal code %j with a message that says what is accepted',
  async (country_code, postal_code, message) => {
    const { cookie } = await signedInUser(t);
    const response = await call('POST', '/api/auth/address/', cookie, {
      ...home,
      country: undefined,
      country_code,
      postal_code,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.postal_code).toEqual([message]);
  },
);

it('refuses a postal code far longer than any, before checking it against the country', async () => {
  const { cookie } = await signedInUser(t);
  const postal_code = '9'.repeat(5000);
  const response = await call('POST', '/api/auth/address/', cookie, { ...home, country: 'GB', postal_code });
  expect(response.status).toBe(400);
  expect(response.body.errors.postal_code).toEqual([ANYWHERE]);
});

it.each([
  ['Deutschland', undefined, 'DE', 'Germany'],
  ['uk', undefined, 'GB', 'United Kingdom'],
  ['Holland', 'nl', 'NL', 'Netherlands'],
  [undefined, 'es', 'ES', 'Spain'],
  ['España', 'ES', 'ES', 'Spain'],
])(
  'takes the country %j with the code %j as %s and answers its proper name',
  async (country, country_code, code, name) => {
    const { cookie } = await signedInUser(t);
    const postal_code = { DE: '10117', GB: 'SW1A 1AA', NL: '1012 AB', ES: '28013' }[code];
    const added = await call('POST', '/api/auth/address/', cookie, {
      ...home,
      country,
      country_code,
      postal_code,
    });
    expect(added).toMatchObject({ status: 201, body: { country: name, country_code: code } });
  },
);

it.each([
  [
    { country: 'Germany', country_code: 'FR' },
    'country',
    'The country and the country code name different countries: choose one from the list.',
  ],
  [
    { country: undefined, country_code: 'XX' },
    'country_code',
    'Choose a country from the list: this one was not recognised.',
  ],
  [
    { country: undefined, country_code: 'Germany' },
    'country_code',
    'Choose a country from the list: this one was not recognised.',
  ],
  [{ country: undefined }, 'country', 'This field is required.'],
  [{ country: '' }, 'country', 'This field is required.'],
  [{ country: 42 }, 'country', 'Choose a country from the list: this one was not recognised.'],
])('refuses the country of %o', async (fields, field, message) => {
  const { cookie } = await signedInUser(t);
  const response = await call('POST', '/api/auth/address/', cookie, { ...home, ...fields });
  expect(response.status).toBe(400);
  expect(response.body.errors[field]).toEqual([message]);
});

it.each([
  [{ ...home, country: 'Germany', postal_code: '' }, 'postal_code', 'This field is required.'],
  [{ ...home, country: 'Germany', postal_code: '   ' }, 'postal_code', 'This field is required.'],
  [{ ...home, address: '' }, 'address', 'This field is required.'],
  [{ ...home, city: undefined }, 'city', 'This field is required.'],
  [{ ...home, country: 'x'.repeat(101) }, 'country', 'Country is at most 100 characters.'],
])('refuses %o', async (payload, field, message) => {
  const { cookie } = await signedInUser(t);
  const response = await call('POST', '/api/auth/address/', cookie, payload);
  expect(response.status).toBe(400);
  expect(response.body.errors[field]).toContain(message);
});

it.each(['abc', '0', '-1', '99999999999', '1.5'])('a malformed id %s is a 404', async (id) => {
  const { cookie } = await signedInUser(t);
  expect((await call('PUT', `/api/auth/address/${id}/`, cookie, home)).status).toBe(404);
});

it('keeps at most 20 addresses, even when added at once', async () => {
  const { cookie } = await signedInUser(t);
  const results = await Promise.all(
    Array.from({ length: 24 }, (_, n) =>
      call('POST', '/api/auth/address/', cookie, { ...home, address: `${n} Road` }),
    ),
  );
  expect(results.filter((result) => result.status === 201)).toHaveLength(20);
  const refused = results.find((result) => result.status === 400);
  expect(refused?.body.detail).toBe('You can keep at most 20 addresses.');
  expect((await call('GET', '/api/auth/address/', cookie)).body).toHaveLength(20);
});
