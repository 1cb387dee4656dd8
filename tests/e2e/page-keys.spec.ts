import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { expect, test } from './support/fixtures.ts';

const buildEntry = pathToFileURL(path.resolve('build/server/index.js')).href;

/** The Cache-Control a route's `headers` gives a page when its loader says nothing of its own. */
function pageCacheControl(route: NonNullable<ServerBuild['routes'][string]>): string {
  const headers = route.module.headers;
  if (typeof headers !== 'function') return '';
  const given = headers({
    loaderHeaders: new Headers(),
    parentHeaders: new Headers(),
    actionHeaders: new Headers(),
    errorHeaders: undefined,
  });
  return new Headers(given).get('cache-control') ?? '';
}

test('every public page in the build says which query parameters it reads', async () => {
  const build = (await import(buildEntry)) as ServerBuild;
  const publicRoutes = Object.values(build.routes).filter(
    (route) => route !== undefined && /\bpublic\b/.test(pageCacheControl(route)),
  );
  expect(publicRoutes.length).toBeGreaterThan(10);
  for (const route of publicRoutes) {
    const query = (route?.module.handle as { query?: unknown } | undefined)?.query;
    expect(Array.isArray(query), `${route?.id} declares handle.query (common/page-query.ts)`).toBe(true);
  }
});

/** The page cache says in `Server-Timing` whether it sent a kept page (server/http/page-cache.ts). */
const wasKept = (response: Response) => response.headers.get('server-timing') === 'cache;desc="hit"';

test('odd query strings on public pages are served the kept page, not rendered and kept again', async ({
  baseURL,
}) => {
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => new URL(loc).pathname);
  expect(paths).toContain('/cards');
  const pages = [...paths, '/login', '/forgot-password', '/cart', '/verify'];
  for (const page of pages) {
    // A catalogue change from a test running beside this one may empty the cache between two requests.
    let kept = false;
    for (let attempt = 0; attempt < 3 && !kept; attempt++) {
      const first = await fetch(`${baseURL}${page}?x=${attempt}&utm_source=news`);
      expect(first.status, page).toBe(200);
      await first.arrayBuffer();
      const second = await fetch(`${baseURL}${page}?y=${attempt}&fbclid=abc`);
      expect(second.status, page).toBe(200);
      await second.arrayBuffer();
      kept = wasKept(second);
    }
    expect(kept, `${page}?y=… is served the page kept for ${page}?x=…`).toBe(true);
  }
});

test('a page is still kept per parameter it reads', async ({ baseURL }) => {
  const first = await fetch(`${baseURL}/cards?page=2&x=1`);
  const second = await fetch(`${baseURL}/cards?x=2&page=2`);
  const other = await fetch(`${baseURL}/cards?page=1`);
  // A page rendered for its answer carries that answer's nonce; the kept copy has none.
  const [a, b, c] = (await Promise.all([first.text(), second.text(), other.text()])).map((html) =>
    html.replace(/ nonce="[^"]*"/g, ''),
  );
  expect(b).toBe(a);
  expect(c).not.toBe(a);
  expect(a).toContain('(page 2)');
});
