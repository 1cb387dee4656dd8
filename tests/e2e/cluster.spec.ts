import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { TAP_PROOF_MESSAGES } from '../../common/messages/tap-proof.ts';
import { simulatedChip, simulatedTapUrl, TEST_SUN_ENV } from '../../server/test/sun-simulator.ts';
import { multipart } from '../../server/test/users.ts';
import { fresh } from './support/fresh-request.ts';
import { hasPostgres, POSTGRES_SERVER_URL, postgresAdmin } from './support/postgres.ts';
import { runAdminCreate, type ServerProcess, startServer, stopServer } from './support/server-process.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ServerProcess | undefined;
let otherHost: ServerProcess | undefined;
let dbName = '';

test.afterAll(async () => {
  if (otherHost) await stopServer(otherHost);
  if (server) await stopServer(server);
  if (dbName) await postgresAdmin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

/** The fields of the JSON answers this test reads. */
interface Body {
  pid: number;
  id: number;
  price: string;
  cover_image: string;
  attempts: number;
  counted: boolean;
}

test('WORKERS=2 on one PostgreSQL: any worker serves any session, and limits, counts, caches and media are shared', async () => {
  test.skip(!(await hasPostgres()), `no PostgreSQL at ${POSTGRES_SERVER_URL}`);
  dbName = `e2e_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await postgresAdmin(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = `${POSTGRES_SERVER_URL}/${dbName}`;
  const sessionSecret = randomBytes(32).toString('hex');
  server = await startServer({
    env: (baseUrl) => ({
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      // /healthz tells the pid only when benchmarking: this test signals the worker that answered.
      BENCH: '1',
      // The racing taps below come from clients of their own: one client's taps of a serial are throttled
      // like /verify's look-ups (decision 040).
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: sessionSecret,
      PUBLIC_URL: baseUrl,
      ...TEST_SUN_ENV,
    }),
  });
  const { baseUrl: base, dataDir } = server;

  const pidsOf = async (n: number) => {
    const pids = new Set<number>();
    for (let i = 0; i < n; i++) pids.add((await fresh(`${base}/healthz`)).json<Body>().pid);
    return pids;
  };
  // Connections go to both workers in turn, once the second has started too.
  let first = new Set<number>();
  await expect
    .poll(
      async () => {
        first = await pidsOf(6);
        return first.size;
      },
      { timeout: 30_000 },
    )
    .toBe(2);

  // A session made through one worker is valid on the other.
  const made = await runAdminCreate(
    dataDir,
    ['--email', 'ops@example.test', '--password', 'Ops-Pass-2026!'],
    databaseUrl,
  );
  expect(made.code, made.stderr).toBe(0);
  const login = await fresh(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'ops@example.test', password: 'Ops-Pass-2026!' }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.setCookie.find((value) => value.startsWith('sid=')) ?? '').split(';')[0] ?? '';
  for (let i = 0; i < 6; i++) {
    expect((await fresh(`${base}/api/auth/profile/`, { headers: { cookie } })).status).toBe(200);
  }

  // An admin change through one worker shows on both at once, cached answers included.
  const cardUrl = `${base}/api/cards/classic-intro-card-matte-black/`;
  const card = (await fresh(cardUrl)).json<Body>();
  for (let i = 0; i < 4; i++) expect((await fresh(cardUrl)).json<Body>().price).toBe(card.price);
  const cover = await sharp({ create: { width: 900, height: 560, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const form = multipart(
    { price: '31.00' },
    { field: 'cover_image', filename: 'cover.png', type: 'image/png', data: cover },
  );
  const edited = await fresh(`${base}/api/admin/cards/${card.id}/`, {
    method: 'PATCH',
    headers: { cookie, origin: base, ...form.headers },
    body: form.payload,
    // The picture is re-encoded in the heavy-work child, started for this first task (decision 036).
    timeoutMs: 30_000,
  });
  expect(edited.status).toBe(200);
  const coverUrl = edited.json<Body>().cover_image;
  for (let i = 0; i < 4; i++) {
    expect((await fresh(cardUrl)).json<Body>().price).toBe('31.00');
    expect((await fresh(`${base}/cards/classic-intro-card-matte-black`)).text).toContain('$31.00');
    // The uploaded cover is served by every worker (it is in the database).
    expect((await fresh(`${base}${coverUrl}`)).status).toBe(200);
  }
  // And by another host: a server process with a DATA_DIR of its own, on the same database (decision 029).
  otherHost = await startServer({
    env: (baseUrl) => ({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      PUBLIC_URL: baseUrl,
      ...TEST_SUN_ENV,
    }),
  });
  expect(otherHost.dataDir).not.toBe(dataDir);
  const here = await fetch(`${base}${coverUrl}`);
  const there = await fetch(`${otherHost.baseUrl}${coverUrl}`);
  expect(there.status).toBe(200);
  expect(Buffer.from(await there.arrayBuffer())).toEqual(Buffer.from(await here.arrayBuffer()));
  for (const header of [
    'content-type',
    'cache-control',
    'etag',
    'content-security-policy',
    'x-content-type-options',
  ]) {
    expect(there.headers.get(header), header).toBe(here.headers.get(header));
  }
  await stopServer(otherHost);
  otherHost = undefined;

  // Verification counts and failed-login limits are the same whichever worker answers: one client's checks
  // count once a day (issue 18), so the workers after the first answer the same count, not counted again.
  const counts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = (await fresh(`${base}/api/verify/?code=ECD1-DD82-9NKP`)).json<Body>();
    counts.push(`${answer.attempts} ${answer.counted}`);
  }
  expect(counts).toEqual(['1 true', '1 false', '1 false', '1 false']);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const wrong = await fresh(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'ops@example.test', password: 'not-the-password' }),
    });
    statuses.push(wrong.status);
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

  // One secure chip's tap URL fired at both workers at once (a copied link racing the real tap): the counter
  // is accepted by exactly one of them, whichever it is; every other answer is the replay's.
  const chip = simulatedChip('TXM6WQCDA7XM');
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query(
      `update serials set sun_key_version = 2, chip_uid = $1, sun_counter = 6 where serial = $2`,
      [chip.uid, chip.serial],
    );
    const tapUrl = simulatedTapUrl(base, chip, 7);
    const taps = await Promise.all(
      Array.from({ length: 16 }, (_, i) => fresh(tapUrl, { headers: { 'x-forwarded-for': `198.${i}.0.1` } })),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(16).fill(200));
    expect(taps.filter((tap) => tap.text.includes(TAP_PROOF_MESSAGES.verifiedBadge))).toHaveLength(1);
    expect(taps.filter((tap) => tap.text.includes(TAP_PROOF_MESSAGES.replayed))).toHaveLength(15);
    const events = await database.query<{ kind: string; n: string }>(
      `select kind, count(*) as n from tap_events group by kind order by kind`,
    );
    const recorded = Object.fromEntries(events.rows.map((row) => [row.kind, Number(row.n)]));
    expect(Object.keys(recorded)).toEqual(['fresh', 'replayed']);
    expect(recorded.fresh).toBe(1);
    // Every client's replay is kept (each is within the flood bound of 10 a kind per client).
    expect(recorded.replayed).toBeGreaterThanOrEqual(10);
    expect(recorded.replayed).toBeLessThanOrEqual(15);
    const stored = await database.query<{ sun_counter: number }>(
      `select sun_counter from serials where serial = $1`,
      [chip.serial],
    );
    expect(stored.rows[0]?.sun_counter).toBe(7);
  } finally {
    await database.end();
  }

  // A worker killed outright is replaced; the site keeps answering meanwhile.
  const [victim] = [...first];
  process.kill(Number(victim), 'SIGKILL');
  await expect.poll(() => server?.stderr() ?? '', { timeout: 10_000 }).toContain(`Worker ${victim} exited`);
  await expect
    .poll(
      async () => {
        const now = await pidsOf(6);
        return now.size === 2 && !now.has(Number(victim));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A worker that hangs (here: stopped with SIGSTOP) misses the primary's heartbeat and is replaced too.
  const alive = await pidsOf(6);
  const [hung] = [...alive];
  process.kill(Number(hung), 'SIGSTOP');
  await expect
    .poll(() => server?.stderr() ?? '', { timeout: 30_000 })
    .toContain(`Worker ${hung} has not answered`);
  await expect
    .poll(
      async () => {
        const now = await pidsOf(6).catch(() => new Set<number>());
        return now.size === 2 && !now.has(Number(hung));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // SIGTERM stops every worker gracefully.
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
