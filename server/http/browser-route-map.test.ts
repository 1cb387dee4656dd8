import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The browser's route map (app/lib/api-routes.ts) lists by hand the calls the browser makes, with the
 * answer type of each: every entry must be a route the server has, and its answer the one the route
 * documents, so the map cannot drift from the API it types.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MAP = readFileSync(new URL('../../app/lib/api-routes.ts', import.meta.url), 'utf8');

/** `Route<'POST', '/auth/login/', LoginAnswer>` → method, path pattern, answer type. */
function entriesOf(source: string) {
  return [...source.matchAll(/Route<'([A-Z]+)', ['`]([^'`]+)['`],\s*([A-Za-z]+)>/g)].map(
    ([, method = '', path = '', answer = '']) => ({ method, path, answer }),
  );
}

/** A map path (`/auth/cards/${string}/`) as the pattern of the server route it calls (`:param`). */
const PLACEHOLDER = ['$', '{string}'].join('');
const asPattern = (path: string) =>
  new RegExp(`^/api${path.replaceAll(PLACEHOLDER, ':[^/]+').replaceAll('/', '\\/')}$`);

it('lists only routes the server has, each with the answer its route documents', () => {
  const entries = entriesOf(MAP);
  expect(entries.length).toBeGreaterThan(40);
  const mismatches: string[] = [];
  for (const { method, path, answer } of entries) {
    const pattern = asPattern(path);
    const route = t.app.routeList.find((r) => r.method === method && pattern.test(r.url));
    if (!route) {
      mismatches.push(`${method} ${path}: no such route`);
      continue;
    }
    const success = Object.entries(route.doc?.responses ?? {}).find(([status]) => Number(status) < 300);
    const documented = success?.[1];
    const id =
      typeof documented === 'object' ? (documented.schema.meta()?.id as string | undefined) : undefined;
    const expected = answer === 'undefined' ? undefined : answer;
    if (id !== expected) mismatches.push(`${method} ${path}: the map says ${answer}, the route ${id}`);
  }
  expect(mismatches).toEqual([]);
});

it('finds a route the server lacks and an answer that is not the route’s', () => {
  const wrong = entriesOf("| Route<'POST', '/auth/nowhere/', Detail>\n| Route<'POST', '/auth/login/', User>");
  expect(wrong).toHaveLength(2);
  expect(t.app.routeList.some((r) => asPattern(wrong[0]?.path ?? '').test(r.url))).toBe(false);
  expect(t.app.routeList.some((r) => r.method === 'POST' && asPattern('/auth/login/').test(r.url))).toBe(
    true,
  );
});
