/**
 * Faults under load: the server killed with SIGKILL while orders pour in (embedded database and PostgreSQL),
 * and PostgreSQL going away and coming back while the site is busy. Every order answered 201 is in the
 * database, whole; no order exists that no key asked for; stock matches; the site recovers by itself.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { type Answer, fresh } from './support/fresh-request.ts';
import { freshPostgresDatabase, hasPostgres, POSTGRES_SERVER_URL } from './support/postgres.ts';
import {
  runAdminCreate,
  spawnServer,
  startServer,
  stopServer,
  waitUntilReady,
} from './support/server-process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const EMAIL = 'faults@example.test';
const PASSWORD = 'Fault-Tolerant-2026!';
const START_STOCK = 100_000;
const CONNECTIONS = 12;

interface Shopper {
  base: string;
  cookie: string;
  cardId: number;
  orderBody: string;
}

/** One checkout: its key, and the answer it got (or `error` when the connection failed). */
interface Placed {
  key: string;
  status: number | 'error';
  id?: number;
}

async function signIn(base: string): Promise<string> {
  const login = await fresh(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(login.status, login.text).toBe(200);
  return (login.setCookie.find((value) => value.startsWith('sid=')) ?? '').split(';')[0] ?? '';
}

/** The shopper (an admin, so the test can read every order) with an address and a card of known stock. */
async function prepareShopper(base: string): Promise<Shopper> {
  const cookie = await signIn(base);
  const json = { 'content-type': 'application/json', origin: base, cookie };
  const address = await fresh(`${base}/api/auth/address/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      address: '1 Fault Lane',
      city: 'Cork',
      country: 'Ireland',
      postal_code: 'T12 X2YZ',
    }),
  });
  expect(address.status, address.text).toBe(201);
  const cards = (await fresh(`${base}/api/admin/cards/`, { headers: json })).json<{
    results: Array<{ id: number; category: string; stock: number | null }>;
  }>();
  const card = cards.results.find((row) => row.stock !== null) ?? cards.results[0];
  if (!card) throw new Error('no card');
  const stocked = await fresh(`${base}/api/admin/cards/${card.id}/`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ stock: String(START_STOCK) }),
  });
  expect(stocked.status, stocked.text).toBe(200);
  return {
    base,
    cookie,
    cardId: card.id,
    orderBody: JSON.stringify({
      address: address.json<{ id: number }>().id,
      items: [{ card: card.id, quantity: 1, design: card.category }],
    }),
  };
}

function placeOrder(shopper: Shopper, key: string): Promise<Answer> {
  return fresh(`${shopper.base}/api/orders/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: shopper.base,
      cookie: shopper.cookie,
      'idempotency-key': key,
    },
    body: shopper.orderBody,
    timeoutMs: 15_000,
  });
}

/**
 * CONNECTIONS shoppers placing orders one after another until `stop()`; a connection whose request fails
 * (the server was killed) stops there, as a browser would show an error.
 */
function orderLoad(shopper: Shopper, options: { stopOnError: boolean }) {
  const placed: Placed[] = [];
  let stopped = false;
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (!stopped) {
      const entry: Placed = { key: `fault-${randomBytes(9).toString('hex')}`, status: 'error' };
      placed.push(entry);
      try {
        const answer = await placeOrder(shopper, entry.key);
        entry.status = answer.status;
        if (answer.status === 201) entry.id = answer.json<{ id: number }>().id;
        if (answer.status === 503) await sleep(100);
      } catch {
        if (options.stopOnError) return;
        await sleep(100);
      }
    }
  });
  return {
    placed,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * What a real client does with an unanswered checkout: sends it again with the same key. Then every key has
 * exactly one order, every order has its line and total, no other order exists, and stock went down by one
 * per order.
 */
async function expectEveryOrderWhole(shopper: Shopper, placed: Placed[]): Promise<void> {
  const headers = { cookie: shopper.cookie };
  for (const entry of placed.filter((row) => row.status !== 201)) {
    const retry = await placeOrder(shopper, entry.key);
    expect(retry.status, `${entry.key} after ${entry.status}: ${retry.text}`).toBe(201);
    entry.id = retry.json<{ id: number }>().id;
  }
  const ids = new Set(placed.map((entry) => entry.id));
  expect(ids.size).toBe(placed.length);
  for (const entry of placed) {
    const order = await fresh(`${shopper.base}/api/orders/${entry.id}/`, { headers });
    expect(order.status, `order ${entry.id}`).toBe(200);
    const body = order.json<{
      subtotal: string;
      shipping: string;
      tax: string;
      total: string;
      items: Array<{ quantity: number; line_total: string }>;
    }>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.quantity).toBe(1);
    expect(body.subtotal).toBe(body.items[0]?.line_total);
    // Whole: the total is what the snapshot adds up to (shipping and tax of the address's country).
    const cents = (price: string) => Math.round(Number(price) * 100);
    expect(cents(body.total)).toBe(cents(body.subtotal) + cents(body.shipping) + cents(body.tax));
  }
  const all = await fresh(`${shopper.base}/api/admin/orders/`, { headers });
  expect(all.json<{ count: number }>().count).toBe(placed.length);
  const card = await fresh(`${shopper.base}/api/admin/cards/${shopper.cardId}/`, { headers });
  expect(card.json<{ stock: number }>().stock).toBe(START_STOCK - placed.length);
}

// Twelve connections of orders from one shopper: far above the default limit, which is not under test here.
const UNLIMITED_ORDERS = { ORDERS_PER_HOUR: '1000000' };

/** The shopper's admin account, made on the data directory before the server starts. */
async function createShopper(dataDir: string, databaseUrl: string): Promise<void> {
  const made = await runAdminCreate(dataDir, ['--email', EMAIL, '--password', PASSWORD], databaseUrl);
  expect(made.code, made.stderr).toBe(0);
}

async function killUnderLoad(label: string, env: Record<string, string>, databaseUrl = '') {
  let server = await startServer({
    env: (baseUrl) => ({ PUBLIC_URL: baseUrl, ...UNLIMITED_ORDERS, ...env }),
    prepare: (dataDir) => createShopper(dataDir, databaseUrl),
  });
  const { baseUrl: base, dataDir } = server;
  const port = Number(new URL(base).port);
  try {
    let shopper = await prepareShopper(base);
    const placed: Placed[] = [];
    for (let round = 1; round <= 2; round++) {
      const load = orderLoad(shopper, { stopOnError: true });
      // Let orders flow, then pull the plug in the middle of them. How many flow first is not what is tested:
      // beside the other specs on 2 cores, one shopper's 12 connections placed 22 in 10 s on PGlite.
      await expect
        .poll(() => load.placed.filter((p) => p.status === 201).length, { timeout: 30_000 })
        .toBeGreaterThan(20);
      server.child.kill('SIGKILL');
      await server.exited;
      await load.stop();
      placed.push(...load.placed);
      const answered = load.placed.filter((p) => p.status === 201).length;
      console.log(
        `${label}, kill ${round}: ${answered} orders answered 201, ${load.placed.length - answered} cut off`,
      );

      // The same data directory (and the stale lock) after SIGKILL: the database opens and recovers.
      server = spawnServer({ port, dataDir, env: { PUBLIC_URL: base, ...UNLIMITED_ORDERS, ...env } });
      await waitUntilReady(server);
      shopper = { ...shopper, cookie: await signIn(base) };
    }
    expect(placed.some((p) => p.status === 'error')).toBe(true);
    await expectEveryOrderWhole(shopper, placed);
  } finally {
    await stopServer(server);
  }
}

test('SIGKILL during orders on the embedded database: every 201 order is whole after the restart', async () => {
  test.setTimeout(150_000);
  await killUnderLoad('PGlite', {});
});

test('SIGKILL during orders on PostgreSQL: every 201 order is whole after the restart', async () => {
  test.setTimeout(150_000);
  test.skip(!(await hasPostgres()), `no PostgreSQL at ${POSTGRES_SERVER_URL}`);
  const database = await freshPostgresDatabase('e2e_faults_kill');
  try {
    await killUnderLoad(
      'PostgreSQL',
      { DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString('hex') },
      database.url,
    );
  } finally {
    await database.drop();
  }
});

/**
 * By default the site reaches PostgreSQL through a proxy the test cuts. FAULTS_RESTART_POSTGRES="<command to
 * stop>;<command to start>" (e.g. `pg_ctlcluster --skip-systemctl-redirect 15 main stop -m fast;pg_ctlcluster
 * --skip-systemctl-redirect 15 main start`) really stops and starts the machine's server instead: not in CI,
 * where other tests share that server.
 */
function outageOf(proxy: TcpProxy) {
  const commands = process.env.FAULTS_RESTART_POSTGRES?.split(';');
  if (!commands) return { cut: () => proxy.cut(), restore: () => proxy.restore() };
  const [stop = '', start = ''] = commands;
  return {
    cut: async () => void execSync(stop, { stdio: 'inherit' }),
    restore: async () => void execSync(start, { stdio: 'inherit' }),
  };
}

test('PostgreSQL going away under load: 503 with Retry-After meanwhile, and back by itself', async () => {
  test.skip(!(await hasPostgres()), `no PostgreSQL at ${POSTGRES_SERVER_URL}`);
  const database = await freshPostgresDatabase('e2e_faults_outage');
  const target = new URL(POSTGRES_SERVER_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const outage = outageOf(proxy);
  const throughProxy = new URL(database.url);
  throughProxy.port = String(proxy.port);
  const server = await startServer({
    env: (baseUrl) => ({
      PUBLIC_URL: baseUrl,
      DATABASE_URL: throughProxy.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...UNLIMITED_ORDERS,
    }),
    prepare: (dataDir) => createShopper(dataDir, database.url),
  });
  const base = server.baseUrl;
  try {
    const shopper = await prepareShopper(base);

    // Orders, serial checks and readiness probes all the while.
    const seen: Array<{ phase: string; status: number | 'error'; retryAfter?: string }> = [];
    let phase = 'before';
    let stopped = false;
    const probes = Array.from({ length: 4 }, async (_, i) => {
      const url = i % 2 ? `${base}/api/verify/?code=ECD1-DD82-9NKP` : `${base}/readyz`;
      while (!stopped) {
        const at = phase;
        // A request is counted in a phase only when it began and ended in it.
        const during = () => (phase === at ? at : 'between');
        try {
          const answer = await fresh(url, { timeoutMs: 15_000 });
          const retryAfter = answer.headers['retry-after'] as string | undefined;
          seen.push({ phase: during(), status: answer.status, retryAfter });
        } catch {
          seen.push({ phase: during(), status: 'error' });
        }
        await sleep(50);
      }
    });
    const load = orderLoad(shopper, { stopOnError: false });
    await sleep(1500);

    phase = 'outage';
    await outage.cut();
    await sleep(3000);
    phase = 'restored';
    await outage.restore();
    // Back without any restart of the site.
    await expect
      .poll(async () => (await fresh(`${base}/readyz`).catch(() => ({ status: 0 }))).status, {
        timeout: 30_000,
      })
      .toBe(200);
    phase = 'after';
    await sleep(1500);
    stopped = true;
    await Promise.all(probes);
    await load.stop();

    const statuses = (wanted: string) => seen.filter((row) => row.phase === wanted).map((row) => row.status);
    const orders = load.placed.map((entry) => entry.status);
    console.log(
      `outage: ${statuses('outage').length} probes answered ${[...new Set(statuses('outage'))].join('/')}; orders ${orders.filter((s) => s === 201).length}×201, ${orders.filter((s) => s === 503).length}×503`,
    );
    // Never a 500 or a dropped connection: the site says "try again" with Retry-After while the database is away.
    expect(seen.filter((row) => row.status === 'error' || (row.status >= 500 && row.status !== 503))).toEqual(
      [],
    );
    expect(orders.filter((status) => status === 'error' || (status !== 201 && status !== 503))).toEqual([]);
    expect(statuses('outage')).toContain(503);
    for (const row of seen.filter((entry) => entry.status === 503)) expect(row.retryAfter).toBe('5');
    expect(statuses('before').length).toBeGreaterThan(0);
    expect(statuses('before').every((status) => status === 200)).toBe(true);
    expect(statuses('after').length).toBeGreaterThan(0);
    expect(statuses('after').every((status) => status === 200)).toBe(true);
    await expectEveryOrderWhole(shopper, load.placed);
  } finally {
    await stopServer(server);
    await proxy.close();
    await database.drop();
  }
});
