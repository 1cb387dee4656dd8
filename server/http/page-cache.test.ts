import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { localChangeFeed } from '../db/changes.ts';
import { inlineScriptHashes, PageCache, pageTopic } from './page-cache.ts';

const policy = (hashes: string[]) => hashes.map((hash) => `'sha256-${hash}'`).join(' ');
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * A server whose pages go through a PageCache, with a render that counts calls, records the URLs it
 * rendered and writes the request's nonce into the page (as React Router writes it into its scripts).
 */
async function pageServer(
  cacheControl = 'public, max-age=0, must-revalidate',
  keyOf?: (url: string) => string,
) {
  const feed = localChangeFeed();
  const cache = new PageCache(feed, ['catalog', 'profiles'], policy, keyOf);
  const rendered: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const app = Fastify();
  app.decorateRequest('cspNonce', '');
  app.get('/*', async (request, reply) => {
    const nonce = String(request.headers['x-nonce']);
    const render = async (url = request.url) => {
      request.cspNonce = nonce;
      rendered.push(url);
      await gate;
      return new Response(`<script nonce="${nonce}">page ${url}</script>`, {
        headers: { 'cache-control': cacheControl, 'content-type': 'text/html' },
      });
    };
    const own = await cache.serve(request.url, reply, render);
    if (own)
      return reply
        .status(own.status)
        .type('text/html')
        .send(await own.text());
    return reply;
  });
  await app.ready();
  return {
    app,
    feed,
    rendered,
    /** Holds every render begun until the returned function is called. */
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    /** Nonces here are upper case, so that none occurs in a page's own text. */
    get: (url: string, nonce: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { 'x-nonce': nonce, ...headers } }),
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

describe('PageCache', () => {
  it('renders a page once for N concurrent requests after a change, kept without its nonce', async () => {
    const server = await pageServer();
    app = server.app;
    await server.get('/cards', 'FIRST');
    await server.feed.publish('catalog');
    const release = server.hold();
    const answers = Array.from({ length: 20 }, (_, i) => server.get('/cards', `N${i}`));
    // Let every request reach the cache while the one render waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const pages = await Promise.all(answers);
    expect(server.rendered).toEqual(['/cards', '/cards']);
    const served = pages.map((page) => page.headers['server-timing']);
    expect(served.filter((value) => value === 'cache;desc="miss"')).toHaveLength(1);
    expect(served.filter((value) => value === 'cache;desc="hit"')).toHaveLength(19);
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html');
      expect(page.body).toBe('<script>page /cards</script>');
      // Its inline script runs by its hash, the same for every visitor.
      expect(page.headers['content-security-policy']).toBe(hashOf('page /cards'));
    }
  });

  it('forgets only the page that changed, and keeps every page through changes no page shows', async () => {
    const server = await pageServer();
    app = server.app;
    for (const url of ['/', '/cards', '/profile/maya', '/profile/maya?sun=1', '/profile/ola']) {
      await server.get(url, 'FIRST');
    }
    expect(server.rendered).toHaveLength(5);
    // A contact-form message, a removed picture: no page shows them.
    await server.feed.publish('leads');
    await server.feed.publish('media');
    // One owner edits their card: their page only (under any query or case), not the site's or others'.
    await server.feed.publish(pageTopic('/profile/Maya'));
    for (const url of ['/', '/cards', '/profile/maya', '/profile/maya?sun=1', '/profile/ola']) {
      await server.get(url, 'AGAIN');
    }
    expect(server.rendered.slice(5)).toEqual(['/profile/maya', '/profile/maya?sun=1']);
    // The catalogue shows on every page: all go.
    await server.feed.publish('catalog');
    await server.get('/', 'THIRD');
    expect(server.rendered.at(-1)).toBe('/');
  });

  it('does not keep a page whose render began before that page changed', async () => {
    const server = await pageServer();
    app = server.app;
    const release = server.hold();
    const first = server.get('/profile/maya', 'FIRST');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.feed.publish(pageTopic('/profile/maya'));
    release();
    await first;
    await server.get('/profile/maya', 'SECOND');
    expect(server.rendered).toEqual(['/profile/maya', '/profile/maya']);
  });

  it('shares one entry among URLs that differ only by marketing parameters, rendered without them', async () => {
    const server = await pageServer();
    app = server.app;
    const first = await server.get('/cards?page=2&utm_source=news&gclid=x', 'A');
    const second = await server.get('/cards?page=2&fbclid=y&ref=mail', 'B');
    expect(server.rendered).toEqual(['/cards?page=2']);
    expect(first.body).toBe('<script>page /cards?page=2</script>');
    expect(second.body).toBe(first.body);
  });

  it('renders a page for its key and serves it to every URL with that key', async () => {
    const server = await pageServer(undefined, (url) => url.replace(/\?.*/, ''));
    app = server.app;
    await server.get('/profile/ada?via=nfc', 'A');
    const second = await server.get('/profile/ada?x=1', 'B');
    expect(server.rendered).toEqual(['/profile/ada']);
    expect(second.body).toBe('<script>page /profile/ada</script>');
  });

  it('keeps no private page, and each concurrent request gets its own render', async () => {
    const server = await pageServer('private, no-store');
    app = server.app;
    const release = server.hold();
    const answers = Promise.all([server.get('/me', 'A'), server.get('/me', 'B')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [a, b] = await answers;
    expect(a.body).toBe('<script nonce="A">page /me</script>');
    expect(b.body).toBe('<script nonce="B">page /me</script>');
    expect(server.rendered).toHaveLength(2);
  });

  it('answers 304 to a browser holding the page, and sends it compressed once ready', async () => {
    const server = await pageServer();
    app = server.app;
    const long = `/cards?page=${'9'.repeat(2000)}`;
    const first = await server.get(long, 'A');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await server.get(long, 'B', { 'if-none-match': etag })).statusCode).toBe(304);
    // The compressed variants are made in the heavy-work pool (its child may have to start first), once.
    let zipped = await server.get(long, 'C', { 'accept-encoding': 'gzip' });
    for (let i = 0; i < 200 && zipped.headers['content-encoding'] !== 'gzip'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      zipped = await server.get(long, 'C', { 'accept-encoding': 'gzip' });
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    expect(zipped.headers.etag).not.toBe(etag);
    const held = await server.get(long, 'D', {
      'accept-encoding': 'gzip',
      'if-none-match': String(zipped.headers.etag),
    });
    expect(held.statusCode).toBe(304);
    expect(server.rendered).toHaveLength(1);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the scripts that run inline, not data blocks nor loaded scripts', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script src="/x.js"></script>' +
      '<script type="module" async="">import("/a.js");</script><script>a();\r\nb();</script>';
    expect(inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`)).toEqual([
      hashOf('import("/a.js");'),
      hashOf('a();\nb();'),
    ]);
  });
});
