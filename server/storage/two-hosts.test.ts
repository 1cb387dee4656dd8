import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from '../test/users.ts';

const opened: TestApp[] = [];
afterAll(async () => {
  // The app that owns the database goes last: it drops it.
  for (const app of opened.reverse()) await app.close();
});

const SECRET = 'a-shared-session-secret-of-at-least-32-chars';

/** Listens on a free port over real HTTP and returns its base URL. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function upload(
  base: string,
  method: string,
  url: string,
  cookie: string,
  form: ReturnType<typeof multipart>,
) {
  const response = await fetch(`${base}${url}`, {
    method,
    body: new Uint8Array(form.payload),
    headers: { ...form.headers, cookie, origin: 'http://shop.test' },
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

const image = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** What a browser or a CDN keeps of an image answer. */
const served = async (response: Response) => ({
  status: response.status,
  bytes: Buffer.from(await response.arrayBuffer()),
  type: response.headers.get('content-type'),
  cacheControl: response.headers.get('cache-control'),
  etag: response.headers.get('etag'),
  nosniff: response.headers.get('x-content-type-options'),
  csp: response.headers.get('content-security-policy'),
});

it.runIf(process.env.DATABASE_URL)(
  'a profile photo and a card cover uploaded through one host are served by another with its own DATA_DIR',
  async () => {
    const a = await createTestApp({ SESSION_SECRET: SECRET });
    opened.push(a);
    const b = await createTestApp({ SESSION_SECRET: SECRET }, { sameDatabaseAs: a });
    opened.push(b);
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    const [hostA, hostB] = [await listen(a), await listen(b)];

    const user = await signedInUser(a);
    const profile = await upload(
      hostA,
      'PUT',
      '/api/auth/profile/',
      user.cookie,
      multipart(
        {},
        { field: 'profile_image', filename: 'me.jpg', type: 'image/jpeg', data: await image('#336699') },
      ),
    );
    const admin = await signedInAdmin(a);
    const card = await upload(
      hostA,
      'POST',
      '/api/admin/cards/',
      admin.cookie,
      multipart(
        {
          name: 'Two Hosts',
          slug: 'two-hosts',
          sku: 'IC-TWO-HST',
          price: '30',
          category: 'Walnut',
          description: 'Uploaded on one host.',
          stock: '5',
        },
        { field: 'cover_image', filename: 'cover.jpg', type: 'image/jpeg', data: await image('#993366') },
      ),
    );

    for (const path of [profile.profile_image, card.cover_image]) {
      expect(path).toMatch(/^\/media\/.+-[0-9a-f]{64}\.jpg$/);
      const fromA = await served(await fetch(`${hostA}${path}`));
      const fromB = await served(await fetch(`${hostB}${path}`));
      expect(fromA.status).toBe(200);
      expect(fromB).toEqual(fromA);
      expect(fromB).toMatchObject({
        type: 'image/jpeg',
        cacheControl: 'public, max-age=31536000, immutable',
        nosniff: 'nosniff',
      });
      // Host B revalidates what host A's answer left in a cache.
      const again = await fetch(`${hostB}${path}`, { headers: { 'if-none-match': String(fromA.etag) } });
      expect(again.status).toBe(304);
      expect((await fetch(`${hostB}${path}`, { method: 'HEAD' })).headers.get('content-length')).toBe(
        String(fromA.bytes.length),
      );
    }

    // A photo replaced through host B is gone from host A too.
    const replaced = await upload(
      hostB,
      'PUT',
      '/api/auth/profile/',
      user.cookie,
      multipart(
        {},
        { field: 'profile_image', filename: 'new.jpg', type: 'image/jpeg', data: await image('#669933') },
      ),
    );
    expect((await fetch(`${hostA}${replaced.profile_image}`)).status).toBe(200);
    expect((await fetch(`${hostA}${profile.profile_image}`)).status).toBe(404);
  },
  60_000,
);
