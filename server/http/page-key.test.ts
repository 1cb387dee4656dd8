import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageKeys } from './page-key.ts';

/** A manifest shaped as React Router's server build gives it: flat, each route naming its parent. */
function manifest(
  routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[],
): ServerBuild['routes'] {
  return Object.fromEntries(
    routes.map(({ handle, ...route }) => [route.id, { ...route, module: { default: () => null, handle } }]),
  ) as unknown as ServerBuild['routes'];
}

const keyOf = pageKeys(
  manifest([
    { id: 'root', path: '' },
    { id: 'home', parentId: 'root', index: true, handle: { query: [] } },
    { id: 'cards', parentId: 'root', path: 'cards', handle: { query: ['page'] } },
    { id: 'card', parentId: 'root', path: 'cards/:slug', handle: { query: [] } },
    { id: 'card-page', parentId: 'root', path: 'profile/:username', handle: { bare: true, query: ['tap'] } },
    { id: 'admin', parentId: 'root', path: 'admin', handle: { query: ['ignored-by-its-pages'] } },
    { id: 'admin-orders', parentId: 'admin', path: 'orders' },
    { id: 'not-found', parentId: 'root', path: '*' },
  ]),
);

describe('pageKeys', () => {
  it('keeps only the parameters the page reads, so odd URLs share its one entry', () => {
    expect(keyOf('/cards?page=2&x=1&utm_source=news')).toBe('/cards?page=2');
    expect(keyOf('/cards?x=1')).toBe('/cards');
    expect(keyOf('/?anything=at&all=1')).toBe('/');
    expect(keyOf('/cards/matte-black?colour=red')).toBe('/cards/matte-black');
    expect(keyOf('/profile/ada?via=qr&tap=abc')).toBe('/profile/ada?tap=abc');
  });

  it('sorts what it keeps, so a shuffled query is the same page', () => {
    const both = pageKeys(manifest([{ id: 'list', path: 'list', handle: { query: ['b', 'a'] } }]));
    expect(both('/list?b=2&a=1')).toBe('/list?a=1&b=2');
    expect(both('/list?a=1&b=2')).toBe('/list?a=1&b=2');
  });

  it('keeps repeated values in their order: a loader reads the first', () => {
    expect(keyOf('/cards?page=3&page=2')).toBe('/cards?page=3&page=2');
  });

  it('keeps every parameter but the marketing ones where the page does not say what it reads', () => {
    expect(keyOf('/admin/orders?status=new&utm_source=x&page=2')).toBe('/admin/orders?status=new&page=2');
    expect(keyOf('/no/such/page?x=1&gclid=2')).toBe('/no/such/page?x=1');
  });

  it('leaves data requests their route list', () => {
    expect(keyOf('/cards/matte-black.data?_routes=routes%2Fcard-detail')).toBe(
      '/cards/matte-black.data?_routes=routes%2Fcard-detail',
    );
  });

  it('never drops a marketing parameter a page says it reads', () => {
    const odd = pageKeys(manifest([{ id: 'p', path: 'p', handle: { query: ['ref', 'q'] } }]));
    expect(odd('/p?ref=1&q=2')).toBe('/p?q=2');
  });

  it('leaves a URL without a query string as it is', () => {
    expect(keyOf('/cards')).toBe('/cards');
  });
});
