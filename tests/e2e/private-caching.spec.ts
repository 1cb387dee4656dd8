import { expect, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { pageRoutes } from './support/page-routes.ts';
import { RESIDENT_ADMINS } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

test.describe.configure({ mode: 'serial' });

const admin = RESIDENT_ADMINS.privateCaching;
let site: MailedServer;
let cookie = '';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  const login = await fetch(`${site.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { ...site.headers, 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  expect(login.headers.get('cache-control')).toBe('no-store');
  cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
});

const get = (url: string) =>
  fetch(`${site.baseUrl}${url}`, { headers: { ...site.headers, cookie }, redirect: 'manual' });

const fill = (url: string) =>
  url.replace(/[:{](\w+)\}?/g, (_match, name: string) =>
    name === 'username' ? 'owner' : name === 'serial' ? 'X' : name === 'slug' ? 'x' : '1',
  );

test('private pages and their data requests are never stored by a browser or proxy', async () => {
  const privatePages = pageRoutes()
    .map((page) => page.path)
    .filter((path) => /^(profile|checkout|order-success|admin)(\/|$)/.test(path))
    .filter((path) => path !== 'profile/:username');
  expect(privatePages).toContain('profile');
  expect(privatePages).toContain('admin/users/:id');
  for (const path of privatePages) {
    const url = `/${fill(path)}`;
    for (const target of [url, `${url}.data`]) {
      const response = await get(target);
      expect(response.status, target).toBeLessThan(500);
      expect(response.headers.get('cache-control'), target).toBe('no-store');
    }
  }
  // A revalidation of one route's data, as the browser asks for it after a save.
  const revalidation = await get('/profile.data?_routes=routes%2Fprofile');
  expect(revalidation.status).toBe(200);
  expect(revalidation.headers.get('cache-control')).toBe('no-store');
  expect(await revalidation.text()).toContain(admin.email);
});

test('every API answer is no-store unless it is a public read', async () => {
  const document = (await (await get('/api/docs/')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const publicReads = [
    /^\/api\/auth\/public-profile\//,
    /^\/api\/cards\//,
    /^\/api\/home\/$/,
    /^\/api\/products\/$/,
    /^\/api\/docs\/$/,
  ];
  const reads = Object.entries(document.paths)
    .filter(([path, operations]) => path.startsWith('/api/') && 'get' in operations)
    .map(([path]) => path)
    .filter((path) => !publicReads.some((pattern) => pattern.test(path)));
  expect(reads).toEqual(expect.arrayContaining(['/api/auth/profile/', '/api/auth/address/', '/api/orders/']));
  for (const path of reads) {
    const response = await get(fill(path));
    expect(response.status, path).toBeLessThan(500);
    expect(response.headers.get('cache-control'), path).toBe('no-store');
  }
  const own = await get('/api/auth/profile/');
  expect(((await own.json()) as { email: string }).email).toBe(admin.email);

  const changed = new FormData();
  changed.set('company', 'Harbour Ltd');
  const saved = await fetch(`${site.baseUrl}/api/auth/profile/`, {
    method: 'PUT',
    headers: { ...site.headers, cookie, origin: site.baseUrl },
    body: changed,
  });
  expect(saved.status).toBe(200);
  expect(saved.headers.get('cache-control')).toBe('no-store');
});
