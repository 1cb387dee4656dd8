/**
 * A conference's burst of taps against the production server: `npm run bench:insights [-- --seconds 20]`.
 *
 * Starts the built server (the embedded database, or a fresh database on DATABASE_URL's PostgreSQL) with two
 * card owners, one recording insights and one with insights off. For `--seconds` (60) it sends RATE views a
 * second to each card at once, open-loop, from CLIENTS distinct addresses (X-Forwarded-For from a trusted
 * proxy), so both pages are measured under the same load at the same moments. Then it stops the server
 * gracefully (the waiting batch is written), checks the database holds exactly the views answered and the
 * distinct clients as unique visitors, and prints both p99s and their ratio. Exits 1 when a count is off.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { cardEvents, users } from '../server/db/schema/index.ts';
import { CLIENT_EVENTS_PER_DAY } from '../server/modules/insights/recorder.ts';
import { signVia } from '../server/modules/insights/signed-via.ts';
import { createMediaStore } from '../server/storage/index.ts';
import { type CardOwner, insertCardOwner } from '../server/test/card-owners.ts';
import { scratchPostgresDatabase } from '../server/test/scratch-database.ts';
import { runOpenLoop } from './open-loop.ts';
import { table } from './report.ts';
import { freePort, startServer, stopServer, waitUntilReady } from './server.ts';

const QR = { source: 'qr', card: null } as const;

/** Views a second to each card: the conference, 200 a second on one profile. */
const RATE = 200;
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, baseline: { type: 'boolean', default: false } },
});
/**
 * Distinct visitors (phones) in the hall: enough that none views a card more than a client counts in a day
 * (CLIENT_EVENTS_PER_DAY), so every view answered is a view counted.
 */
const CLIENTS = Math.max(500, Math.ceil((RATE * Number(values.seconds)) / CLIENT_EVENTS_PER_DAY) * 2);
const CONNECTIONS = 64;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const seconds = Number(values.seconds);
/** `--baseline`: both cards have insights off, so the process records nothing (the figure to compare with). */
const baseline = values.baseline;

const owner = (username: string): CardOwner => ({
  username,
  email: `${username}@example.test`,
  password: 'Blue-Harbour-42',
  firstName: 'Bench',
  lastName: username,
  jobTitle: 'Speaker',
  publicFields: ['job_title'],
  links: [{ title: 'Talk', url: 'https://example.test/talk' }],
});
const recorded = owner('burst-on');
const unrecorded = owner('burst-off');

/** A fresh database the server will use: PostgreSQL's own when DATABASE_URL is set, else DATA_DIR's. */
async function freshDatabase(
  dataDir: string,
): Promise<{ url?: string; open(): Promise<Database>; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }), drop: async () => {} };
  }
  const scratch = await scratchPostgresDatabase(serverUrl, 'bench_insights');
  return {
    url: scratch.url,
    open: () => openDatabase({ databaseUrl: scratch.url, pgliteDir: null }),
    drop: scratch.drop,
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-insights-'));
const target = await freshDatabase(dataDir);
{
  const database = await target.open();
  await prepareDatabase(database);
  const storage = createMediaStore(database.db);
  for (const person of [recorded, unrecorded]) await insertCardOwner(database.db, storage, person);
  await database.db
    .update(users)
    .set({ insightsEnabled: false })
    .where(baseline ? undefined : eq(users.username, unrecorded.username));
  await database.close();
}

const secret = randomBytes(32).toString('hex');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = startServer(port, dataDir, {
  TRUST_PROXY: '127.0.0.1',
  // One per run, known here to sign the QR code's source as the owner's page would.
  SESSION_SECRET: secret,
  ...(target.url ? { DATABASE_URL: target.url } : {}),
});
let failed = false;
try {
  await waitUntilReady(base, child);
  const seen = new Set<number>();
  /** Views of one card; `phone` false sends a crawler's agent, which the recorder drops (the warm-up). */
  let sent = 0;
  const load = (username: string, span: number, phone: boolean) =>
    runOpenLoop({
      base,
      connections: CONNECTIONS,
      rate: RATE,
      seconds: span,
      next() {
        // In turn, so that no client views a card more often than the others.
        const client = sent++ % CLIENTS;
        if (phone && username === recorded.username) seen.add(client);
        // Half scanned the owner's QR code (its source signed for that card), half followed a shared link.
        const via = client % 2 === 0 ? `?via=${encodeURIComponent(signVia(secret, username, QR))}` : '';
        return {
          method: 'GET',
          path: `/profile/${username}${via}`,
          headers: {
            'x-forwarded-for': `10.20.${client >> 8}.${client & 255}`,
            'user-agent': phone ? PHONE : 'curl/8.5.0',
          },
        };
      },
    });
  // Two seconds of warm-up (the page cache, the connections, the JIT), neither measured nor recorded.
  await Promise.all([load(recorded.username, 2, false), load(unrecorded.username, 2, false)]);
  const [on, off] = await Promise.all([
    load(recorded.username, seconds, true),
    load(unrecorded.username, seconds, true),
  ]);
  await stopServer(child);

  const database = await target.open();
  const count = async (username: string) => {
    const [row] = await database.db
      .select({ events: sql<number>`count(*)::int`, visitors: sql<number>`count(distinct visitor)::int` })
      .from(cardEvents)
      .innerJoin(users, eq(users.id, cardEvents.ownerId))
      .where(eq(users.username, username));
    return row ?? { events: 0, visitors: 0 };
  };
  const counted = await count(recorded.username);
  const ignored = await count(unrecorded.username);
  await database.close();

  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\n${seconds} s at ${RATE} views/s on each card, ${CLIENTS} clients, ${target.url ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log(
    table([
      ['card', 'requests', 'req/s', '200', 'errors', 'p50 ms', 'p99 ms'],
      ...[
        [baseline ? 'card A (off)' : 'recording on', on],
        [baseline ? 'card B (off)' : 'recording off', off],
      ].map(([label, result]) => {
        const r = result as typeof on;
        return [
          label as string,
          String(r.requests),
          r.rps.toFixed(0),
          String(r.ok),
          String(r.errors + r.non2xx),
          ms(r.p50),
          ms(r.p99),
        ];
      }),
    ]),
  );
  console.log(`\np99 on / off: ${(on.p99 / off.p99).toFixed(2)}`);
  console.log(
    `views counted: ${counted.events} of ${on.ok} answered; unique visitors: ${counted.visitors} of ${seen.size} clients; insights off: ${ignored.events}`,
  );
  if (baseline) console.log('baseline: nothing recorded, the counts are not checked');
  failed = !baseline && (counted.events !== on.ok || counted.visitors !== seen.size || ignored.events !== 0);
  if (!baseline) {
    console.log(
      failed ? 'FAIL: the counts are not exact' : 'OK: every view counted once, every visitor once',
    );
  }
} finally {
  await stopServer(child);
  await target.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
