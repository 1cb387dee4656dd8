import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { UNAVAILABLE } from './errors.ts';
import { NUL_REFUSED } from './http/validate.ts';
import { generateSerial } from './modules/registry/serials/serial-code.ts';
import { type ApiRequest, request } from './test/request.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from './test/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('GET /healthz says the process is up', async () => {
    const response = await request(t, { url: '/healthz' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', worker: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('GET /readyz says the database answers', async () => {
    const response = await request(t, { url: '/readyz' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ready' });
  });

  it('GET /readyz answers 503 while the database is gone, and /healthz stays up', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const ready = await request(other, { url: '/readyz' });
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toEqual({ detail: 'The database is not answering.', code: 'unavailable' });
      expect((await request(other, { url: '/healthz' })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('a database that cannot be reached', () => {
  it('turns requests that need it into 503s with Retry-After, not 500s', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const verify = await request(other, { url: '/api/verify/?code=IC-CLS-MB' });
      expect(verify.status).toBe(503);
      expect(verify.headers['retry-after']).toBe('5');
      expect(verify.body).toEqual({ detail: UNAVAILABLE, code: 'unavailable' });
    } finally {
      await other.close();
    }
  });

  it('answers 503 while a PostgreSQL server refuses connections', async () => {
    const config = parseConfig({
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'x'.repeat(40),
    });
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      pgliteDir: null,
      poolSize: 1,
    });
    const app = await buildApp({ config, database, storage: t.storage, web: 'none', logger: false });
    try {
      for (const url of ['/api/cards/', '/api/verify/?code=IC-CLS-MB', '/readyz']) {
        const response = await request(app, { url });
        expect(response.status, url).toBe(503);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('bad input never gets a 500', () => {
  it('unknown /api paths are JSON 404s, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await request(t, { method, url: '/api/no/such/thing/' });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('malformed JSON is a 400 with a clear message', async () => {
    const response = await request(t, {
      method: 'POST',
      url: '/api/cards/',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Malformed JSON body.', code: 'bad_request' });
  });

  it('an unsupported content type is a 415', async () => {
    const response = await request(t, {
      method: 'POST',
      url: '/api/cards/',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      detail: 'Unsupported content type.',
      code: 'unsupported_media_type',
    });
  });

  it('a body over the limit is a 413', async () => {
    const response = await request(t, {
      method: 'POST',
      url: '/api/cards/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('a long but legal query string is validated, not crashed on', async () => {
    const response = await request(t, {
      url: `/api/products/?search=${'a'.repeat(8000)}&junk=${'b'.repeat(4000)}`,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.search).toBeDefined();
  });

  it('odd query shapes are 400s', async () => {
    for (const url of ['/api/cards/?page=%FF', '/api/products/?min_price=1&min_price=2']) {
      const response = await request(t, { url });
      expect(response.status, url).toBe(400);
    }
  });

  // Found by the fuzz test (server/fuzz.test.ts); each was a 500.
  it('a NUL character in a query, JSON body or form field is a 400', async () => {
    const user = await signedInUser(t);
    const admin = await signedInAdmin(t);
    const form = multipart({ bio: 'x\u0000y' });
    const requests: ApiRequest[] = [
      { method: 'GET', url: '/api/products/?search=%00' },
      { method: 'GET', url: '/api/admin/cards/?search=%00', cookie: admin.cookie },
      {
        method: 'POST',
        url: '/api/contact/',
        body: {
          firstName: 'A\u0000B',
          email: 'a@example.test',
          phoneNumber: '+353 1 234 5678',
          subject: 'Hi',
          message: 'Hello there',
        },
      },
      {
        method: 'PUT',
        url: '/api/auth/profile/',
        cookie: user.cookie,
        headers: form.headers,
        body: form.payload,
      },
    ];
    for (const options of requests) {
      const response = await request(t, options);
      expect(response.status, options.url).toBe(400);
      expect(response.body.detail).toBe(NUL_REFUSED);
    }
  });

  it('a multipart body without a boundary, or cut short, is a 400', async () => {
    const user = await signedInUser(t);
    const cut = multipart({ first_name: 'Ann' });
    const bodies: Array<[string, Buffer]> = [
      ['multipart/form-data', Buffer.from([73, 220])],
      [cut.headers['content-type'] ?? '', cut.payload.subarray(0, 40)],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await request(t, {
        method: 'PUT',
        url: '/api/auth/profile/',
        cookie: user.cookie,
        headers: { 'content-type': contentType },
        body: payload,
      });
      expect(response.status, contentType).toBe(400);
      expect(response.body.detail).toBe('Send the profile as a form.');
    }
  });

  it('an id beyond the database column is "not found"', async () => {
    const user = await signedInUser(t);
    for (const [method, url] of [
      ['DELETE', '/api/auth/address/2147483648/'],
      ['GET', '/api/orders/9999999999/'],
    ] as const) {
      const response = await request(t, { method, url, cookie: user.cookie });
      expect(response.status, url).toBe(404);
    }
  });

  it('a URL too large for the HTTP parser is refused by it with a 4xx over real HTTP', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/api/cards/?page=${'9'.repeat(70_000)}` },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    // The server still answers afterwards.
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(ok.status).toBe(200);
  });
});

describe('security headers', () => {
  it('every answer off the pages carries a strict CSP that no inline script passes, and the usual hardening headers', async () => {
    const first = await request(t, { url: '/api/cards/' });
    const second = await request(t, { url: '/api/bench/nothing/' });
    const csp = first.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // A constant: JSON runs no script, so no random nonce is drawn for it.
    expect(second.headers['content-security-policy']).toBe(csp);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['permissions-policy']).toContain('camera=()');
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers that may not be stored carry no ETag; those revalidated do, and answer 304', async () => {
    const user = await signedInUser(t);
    const own = await request(t, { url: '/api/auth/me/', cookie: user.cookie });
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.headers.etag).toBeUndefined();
    const robots = await request(t, { url: '/robots.txt' });
    expect(robots.headers.etag).toBeTruthy();
    const again = await request(t, {
      url: '/robots.txt',
      headers: { 'if-none-match': String(robots.headers.etag) },
    });
    expect(again.status).toBe(304);
  });
});

describe('media', () => {
  it('serves the seeded cover images from the database, cached for a year under an immutable path', async () => {
    const list = await request(t, { url: '/api/cards/' });
    const cover = list.body.results[0].cover_image as string;
    const hash = cover.match(/-([0-9a-f]{64})\.svg$/)?.[1];
    const response = await request(t, { url: cover });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${hash}"`);
    expect(createHash('sha256').update(response.raw).digest('hex')).toBe(hash);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // An SVG opened on its own runs nothing and loads nothing.
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(response.text).toContain('<svg');

    const head = await request(t, { method: 'HEAD', url: cover });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(response.raw.length));
    expect(head.headers.etag).toBe(`"${hash}"`);

    for (const held of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`, '*']) {
      const again = await request(t, { url: cover, headers: { 'if-none-match': held } });
      expect(again.status, held).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(`"${hash}"`);
    }
    // The bytes the hash names, whatever the client accepts: one representation per strong ETag.
    const gzipAsked = await request(t, { url: cover, headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipAsked.headers['content-encoding']).toBeUndefined();
    expect(gzipAsked.raw).toEqual(response.raw);
    const changed = await request(t, { url: cover, headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
    expect(changed.raw).toEqual(response.raw);
  });

  it('answers 404, never 500, for any other path', async () => {
    for (const url of [
      '/media/../server.lock',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/cards/nope.svg',
      '/media/',
      '/media/cards/',
      '/media//etc/passwd',
      '/media/CARDS/X.SVG',
      '/media/a/../b.svg',
      `/media/${'a'.repeat(400)}.jpg`,
      '/media/%F0%9F%98%80.jpg',
      '/media/cards/x.svg?v=1',
      '/media/%00',
    ]) {
      const response = await request(t, { url });
      expect(response.status, url).toBe(404);
      expect(String(response.headers['cache-control']), url).not.toMatch(/immutable/);
      expect((await request(t, { method: 'HEAD', url })).status, url).toBe(404);
    }
    // Not a URL at all: the site's 400.
    expect((await request(t, { url: '/media/%E0%A4%A' })).status).toBe(400);
  });
});

describe('a real shop’s installation', () => {
  it('starts without the demo catalogue and serials when SEED_DEMO=0', async () => {
    const empty = await createTestApp({ SEED_DEMO: '0' });
    try {
      expect((await request(empty, { url: '/api/cards/' })).body.count).toBe(0);
      expect((await request(empty, { url: '/api/verify/?code=ECD1-DD82-9NKP' })).status).toBe(404);
      expect((await request(t, { url: '/api/cards/' })).body.count).toBeGreaterThan(0);
    } finally {
      await empty.close();
    }
  });
});

describe('behind a proxy', () => {
  const verifyMisses = async (app: TestApp['app'], headers: Record<string, string>) => {
    let status = 0;
    for (let i = 0; i < 6; i++) {
      const response = await request(app, {
        url: `/api/verify/?code=${generateSerial()}`,
        remoteAddress: '127.0.0.1',
        headers,
      });
      status = response.status;
    }
    return status;
  };

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY names the proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      // One visitor uses up their misses; another one behind the same proxy is not limited by it.
      expect(await verifyMisses(proxied.app, { 'x-forwarded-for': '203.0.113.7' })).toBe(429);
      const other = await request(proxied, {
        url: `/api/verify/?code=${generateSerial()}`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(other.status).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For otherwise, so a client cannot pick a fresh address for each try', async () => {
    let status = 0;
    for (let i = 0; i < 6; i++) {
      const response = await request(t, {
        url: `/api/verify/?code=${generateSerial()}`,
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      status = response.status;
    }
    expect(status).toBe(429);
  });
});

describe('request ids', () => {
  it('answers with the id its log line carries, keeping a proxy’s plain id', async () => {
    const own = await request(t, { url: '/healthz' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await request(t, { url: '/healthz', headers: { 'x-request-id': 'abc123def456' } });
    expect(proxied.headers['x-request-id']).toBe('abc123def456');
    const odd = await request(t, { url: '/healthz', headers: { 'x-request-id': 'bad id\nwith "quotes"' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

it('answers an undecodable URL with the site’s error shape', async () => {
  for (const url of ['/%E0%A4%A', '/api/cards/%E0%A4%A/']) {
    const response = await request(t, { url });
    expect(response.status, url).toBe(400);
    expect(response.body, url).toEqual({ detail: 'Bad request.', code: 'bad_request' });
  }
});
