import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ROUTES } from '../../app/lib/api-routes.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The browser’s route map (`API_ROUTES` in app/lib/api-routes.ts, a value, not its source text) lists by hand
 * the calls the browser makes, with the
 * answer type of each: every entry must be a route the server has, and its answer the one the route
 * documents, so the map cannot drift from the API it types.
 */

let t: TestApp;
beforeAll(async () => {
  // Card payments configured, so their routes (registered only then) are there to be checked.
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_routemap000000',
    STRIPE_WEBHOOK_SECRET: 'whsec_routemap000000',
  });
});
afterAll(async () => {
  await t?.close();
});

/** A path with its parameters made alike (`/auth/cards/:serial/` and `:id` are the same route). */
const shapeOf = (path: string) => path.replace(/:[^/]+/g, ':');

/** What is wrong with each entry: a route the server lacks, or an answer that is not the route's. */
function mismatchesOf(entries: readonly (readonly [string, string, string])[]): string[] {
  const mismatches: string[] = [];
  for (const [method, path, answer] of entries) {
    const route = t.app.routeList.find(
      (r) => r.method === method && shapeOf(r.url) === shapeOf(`/api${path}`),
    );
    if (!route) {
      mismatches.push(`${method} ${path}: no such route`);
      continue;
    }
    const success = Object.entries(route.doc?.responses ?? {}).find(([status]) => Number(status) < 300);
    const documented = success?.[1];
    const id =
      typeof documented === 'object' ? (documented.schema.meta()?.id as string | undefined) : undefined;
    const expected = answer === 'none' ? undefined : answer;
    if (id !== expected) mismatches.push(`${method} ${path}: the map says ${answer}, the route ${id}`);
  }
  return mismatches;
}

it('lists only routes the server has, each with the answer its route documents', () => {
  expect(API_ROUTES.length).toBeGreaterThan(40);
  expect(mismatchesOf(API_ROUTES)).toEqual([]);
});

it('finds a route the server lacks, a wrong method and an answer that is not the route’s', () => {
  expect(
    mismatchesOf([
      ['POST', '/auth/nowhere/', 'Detail'],
      ['GET', '/auth/login/', 'LoginAnswer'],
      ['POST', '/auth/login/', 'User'],
      ['POST', '/auth/cards/:serial/lost/', 'ClaimedCard'],
    ]),
  ).toEqual([
    'POST /auth/nowhere/: no such route',
    'GET /auth/login/: no such route',
    'POST /auth/login/: the map says User, the route LoginAnswer',
  ]);
});
