import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every admin route from the app's own route table, with its parameters filled in. */
function adminRoutes() {
  const routes = t.app.routeList.filter(
    (route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD',
  );
  return routes.map((route) => ({ method: route.method, url: route.url.replace(/:[a-z]+/g, '1') }));
}

it('finds the admin routes in the route table', () => {
  const routes = adminRoutes();
  // Dashboard, audit, orders (3), cards (4), serials (5), users (3), leads (2).
  expect(routes.length).toBeGreaterThanOrEqual(19);
  expect(routes).toContainEqual({ method: 'PATCH', url: '/api/admin/users/1/' });
});

it('answers 401 to signed-out visitors on every admin route, before reading any body', async () => {
  for (const route of adminRoutes()) {
    const response = await request(t, {
      method: route.method as 'GET',
      url: route.url,
      body: { status: 'x' },
    });
    expect(response.status, `${route.method} ${route.url}`).toBe(401);
    expect(response.body.detail).toBe('Authentication credentials were not provided.');
  }
});

it('answers 403 to signed-in customers on every admin route', async () => {
  const user = await signedInUser(t);
  for (const route of adminRoutes()) {
    const response = await request(t, {
      method: route.method as 'GET',
      url: route.url,
      cookie: user.cookie,
      body: { status: 'cancelled', role: 'admin', disabled: false },
    });
    expect(response.status, `${route.method} ${route.url}`).toBe(403);
    expect(response.body).toEqual({
      detail: 'You do not have permission to perform this action.',
      code: 'forbidden',
    });
  }
  // Not even their own account can be promoted this way.
  const self = await request(t, {
    method: 'PATCH',
    url: `/api/admin/users/${user.id}/`,
    cookie: user.cookie,
    body: { role: 'admin' },
  });
  expect(self.status).toBe(403);
});

it('lets an admin in, and never lets a cache keep the answer', async () => {
  const admin = await signedInAdmin(t);
  const response = await request(t, { url: '/api/admin/dashboard/', cookie: admin.cookie });
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body.orders).toHaveLength(30);
});

it('refuses an admin write from another site', async () => {
  const admin = await signedInAdmin(t);
  const response = await request(t, {
    method: 'PATCH',
    url: '/api/admin/leads/1/',
    cookie: admin.cookie,
    origin: 'https://evil.test',
    headers: { 'sec-fetch-site': 'cross-site' },
    body: { status: 'handled' },
  });
  expect(response.status).toBe(403);
});

it('answers malformed input to every admin route with a 4xx, never a 5xx', async () => {
  const admin = await signedInAdmin(t);
  const bodies: Array<object | string> = [
    'text',
    [],
    [1, 2],
    { status: null, role: 7, disabled: 'yes', action: {}, csv: 5, sku: [], count: 1e20 },
    { name: 'x'.repeat(10_000), price: '-1', stock: 'lots', active: 'maybe', slug: '../../etc' },
    { status: 'cancelled', note: 'x'.repeat(501) },
  ];
  const ids = ['0', '-1', '99999999999', 'abc', '%00', '1e3'];
  const queries = [
    '?page=0',
    '?page=abc',
    '?page=9999999',
    '?status=nope&from=2020-02-30',
    '?search=%25%5C_',
    '?days=1000',
  ];
  const failures: string[] = [];
  for (const route of adminRoutes()) {
    const urls = route.url.includes('/1/')
      ? ids.map((id) => route.url.replace('/1/', `/${id}/`))
      : queries.map((query) => `${route.url}${query}`);
    for (const url of urls) {
      for (const payload of route.method === 'GET' ? [undefined] : bodies) {
        const response = await request(t, {
          method: route.method as 'GET',
          url,
          cookie: admin.cookie,
          body: payload,
        });
        if (response.status >= 500)
          failures.push(
            `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}: ${response.status}`,
          );
      }
    }
  }
  expect(failures).toEqual([]);
});
