import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInsightsRecorder } from '../modules/insights/recorder.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The recorder's waiting events are capped by count (50,000, "a few MB"), so each must be small whatever a
 * client sends. Events are recorded as the card routes make them — the agent, the session cookie's value and
 * the username are strings cut out of a request's headers and URL — while the database refuses the batch.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('5,000 waiting events hold well under 1 KB each, however big the headers they came from', async () => {
  const refusing = {
    select: () => {
      throw new Error('database unavailable');
    },
  } as never;
  const silent = { warn() {}, error() {} } as never;
  const recorder = createInsightsRecorder({
    db: refusing,
    sessions: { userOf: async () => undefined },
    log: silent,
  });
  const before = heap();
  const events = 5000;
  for (let n = 0; n < events; n++) {
    // Fresh header strings, as each request brings: an 8 KB agent, a cookie header with 6 KB of junk.
    const agent = Buffer.from(`Mozilla/5.0 (Linux; Android 14) ${n} ${'b'.repeat(8000)}`).toString();
    const cookie = Buffer.from(`junk=${'c'.repeat(6000)}${n}; sid=${'S'.repeat(43)}`).toString();
    const url = Buffer.from(`/profile/heavy-headers?via=qr&pad=${'p'.repeat(4000)}${n}`).toString();
    recorder.record({
      kind: 'view',
      owner: { username: (/^\/profile\/([a-z-]+)/.exec(url)?.[1] ?? '').toLowerCase() },
      visit: { source: 'qr', card: null },
      client: { ip: `10.3.${Math.floor(n / 250)}.${n % 250}`, userAgent: agent },
      sessionToken: cookie.slice(cookie.indexOf('sid=') + 4),
    });
  }
  const perEvent = (heap() - before) / events;
  expect(perEvent).toBeLessThan(1024);
});
