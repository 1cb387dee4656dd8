import { afterEach, expect, it } from 'vitest';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Holds the event loop for `ms` milliseconds, as a synchronous job on the request thread would. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

it('with BENCH=1, /api/bench/loop-delay/ tells the longest delay since the last reset', async () => {
  t = await createTestApp({ BENCH: '1' });
  await request(t, { method: 'GET', url: '/api/bench/loop-delay/?reset=1' });
  await new Promise((resolve) => setTimeout(resolve, 30));
  block(120);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const held = await request(t, { method: 'GET', url: '/api/bench/loop-delay/?reset=1' });
  expect(held.status).toBe(200);
  expect(held.body.max_ms).toBeGreaterThanOrEqual(100);
  expect(held.body.p99_ms).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const after = await request(t, { method: 'GET', url: '/api/bench/loop-delay/' });
  expect(after.body.max_ms).toBeLessThan(100);
});

it('without BENCH the route does not exist', async () => {
  t = await createTestApp();
  const answer = await request(t, { method: 'GET', url: '/api/bench/loop-delay/' });
  expect(answer.status).toBe(404);
});
