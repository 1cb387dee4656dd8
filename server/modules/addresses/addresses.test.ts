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
  postal_code: '12345',
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

const POSTAL_CODE = 'Enter a postal code of 2–10 letters, digits, spaces or dashes.';

it.each([
  ['SW1A 1AA', 'SW1A 1AA'],
  ['sw1a 1aa', 'SW1A 1AA'],
  ['K1A 0B1', 'K1A 0B1'],
  ['  k1a   0b1 ', 'K1A 0B1'],
  ['10115', '10115'],
  ['1234-567', '1234-567'],
  ['d02 x285', 'D02 X285'],
  ['98', '98'],
])('accepts the postal code %j from anywhere and stores it as %j', async (typed, stored) => {
  const { cookie } = await signedInUser(t);
  const added = await call('POST', '/api/auth/address/', cookie, { ...home, postal_code: typed });
  expect(added).toMatchObject({ status: 201, body: { postal_code: stored } });
  expect((await call('GET', '/api/auth/address/', cookie)).body[0].postal_code).toBe(stored);
  const changed = await call('PUT', `/api/auth/address/${added.body.id}/`, cookie, {
    ...home,
    postal_code: typed.toLowerCase(),
  });
  expect(changed).toMatchObject({ status: 200, body: { postal_code: stored } });
});

it.each(['x', '12345678901', 'SW1A 1AA 12', '12$45', '-123', 'ÅB 123', 'ßß', '12\n45'])(
  'refuses the postal code %j with a message that says what is accepted',
  async (postal_code) => {
    const { cookie } = await signedInUser(t);
    const response = await call('POST', '/api/auth/address/', cookie, { ...home, postal_code });
    expect(response.status).toBe(400);
    expect(response.body.errors.postal_code).toEqual([POSTAL_CODE]);
  },
);

it.each([
  [{ ...home, postal_code: '' }, 'postal_code', 'This field is required.'],
  [{ ...home, postal_code: '   ' }, 'postal_code', 'This field is required.'],
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
