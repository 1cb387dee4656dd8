import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CLIENT_EVENTS_PER_DAY } from '../../server/modules/insights/recorder.ts';
import { signVia } from '../../server/modules/insights/signed-via.ts';
import { type CardOwner, seedCardOwners } from '../../server/test/card-owners.ts';
import { eventsAfterStop } from './support/card-events.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';

/**
 * A conference in miniature (bench/insights-burst.ts is the full one): VIEWS page views of one card from
 * CLIENTS distinct addresses, CONCURRENCY at a time, on the built server, each view a scan of the owner's QR
 * code (its source signed by the server); after a graceful stop the database holds exactly VIEWS views and
 * CLIENTS unique visitors. Each client views the card CLIENT_EVENTS_PER_DAY times: all of them count.
 */
const VIEWS = 2_000;
const CLIENTS = VIEWS / CLIENT_EVENTS_PER_DAY;
const SECRET = 'e2e-card-insights-burst-session-secret-0123';
const CONCURRENCY = 50;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const owner: CardOwner = {
  username: 'busy-owner',
  email: 'busy@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Bea',
  lastName: 'Busy',
  publicFields: ['job_title'],
};

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    // Each client is told apart by its X-Forwarded-For, from this trusted proxy only.
    env: () => ({ TRUST_PROXY: '127.0.0.1', SESSION_SECRET: SECRET }),
    prepare: (dataDir) => seedCardOwners(dataDir, [owner]),
  });
});

test.afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
  await rm(server.dataDir, { recursive: true, force: true });
});

test(`${VIEWS} concurrent views from ${CLIENTS} clients are counted exactly`, async () => {
  test.setTimeout(120_000);
  let next = 0;
  const statuses = new Map<number, number>();
  const via = encodeURIComponent(signVia(SECRET, owner.username, { source: 'qr', card: null }));
  const worker = async () => {
    while (next < VIEWS) {
      const index = next++;
      const response = await fetch(`${server.baseUrl}/profile/${owner.username}?via=${via}`, {
        headers: { 'x-forwarded-for': `198.51.${index % CLIENTS}.1`, 'user-agent': PHONE },
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(Object.fromEntries(statuses)).toEqual({ 200: VIEWS });

  const events = await eventsAfterStop(server, owner.username);
  expect(events).toHaveLength(VIEWS);
  expect(events.every((event) => event.kind === 'view' && event.source === 'qr')).toBe(true);
  expect(new Set(events.map((event) => event.visitor)).size).toBe(CLIENTS);
});
