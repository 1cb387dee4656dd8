/**
 * A mixed workload against the production server: `npm run bench:load`.
 *
 * Prepares a fresh database (embedded, or a new PostgreSQL database when DATABASE_URL is set, dropped
 * afterwards) with a shopper and an address, starts the built server on it, and for LOAD_SECONDS (60) drives
 * five workloads at once with autocannon — 110 connections in all: public pages, catalogue JSON, serial
 * verification, logins and orders (each with its own Idempotency-Key). Prints requests, throughput, p50/p99
 * and failures per workload and the server's peak RSS, then checks: no 5xx, no failed request, every order
 * answered 201 is in the database once (plus at most one unanswered order per connection in flight when the
 * load stopped); p99 under 200 ms for reads and 500 ms
 * for orders (targets on PostgreSQL; on the embedded database they are reported, not enforced).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { addresses, cards, orders, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/modules/accounts/passwords.ts';
import { createLocalStorage } from '../server/storage/index.ts';
import { freePort, RssSampler, startServer, stopServer, waitUntilReady } from './server.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PASSWORD = 'Load-Test-Pass-42';
const EMAIL = 'load@example.test';

interface Workload {
  name: string;
  kind: 'read' | 'write';
  connections: number;
  requests: Request[];
}

interface Result {
  workload: Workload;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  serverErrors: number;
}

/** A fresh PostgreSQL database named after this run, or none (the embedded default). */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = `load_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The shopper, their address and an untracked-stock card, written before the server starts. */
async function prepare(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database, createLocalStorage(path.join(dataDir, 'media')));
    const [user] = await database.db
      .insert(users)
      .values({
        username: 'load-shopper',
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        isActive: true,
      })
      .returning();
    if (!user) throw new Error('no user');
    const [address] = await database.db
      .insert(addresses)
      .values({
        userId: user.id,
        address: '1 Load St',
        city: 'Cork',
        country: 'Ireland',
        postalCode: '12345',
      })
      .returning();
    const [card] = await database.db
      .update(cards)
      .set({ stock: null })
      .where(eq(cards.slug, 'classic-intro-card-matte-black'))
      .returning();
    if (!address || !card) throw new Error('no address or card');
    return { userId: user.id, addressId: address.id, card };
  } finally {
    await database.close();
  }
}

function run(base: string, workload: Workload): Promise<Result> {
  return new Promise((resolve, reject) => {
    let serverErrors = 0;
    const instance = autocannon(
      { url: base, connections: workload.connections, duration: SECONDS, requests: workload.requests },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          workload,
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          serverErrors,
        });
      },
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode >= 500) serverErrors++;
    });
  });
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const postgres = await freshPostgres();
  const kind = postgres ? 'PostgreSQL' : 'PGlite (embedded)';
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { userId, addressId, card } = await prepare(dataDir, postgres?.url);
  const server = startServer(port, dataDir, {
    PUBLIC_URL: base,
    ...(postgres ? { DATABASE_URL: postgres.url, SESSION_SECRET: randomBytes(32).toString('hex') } : {}),
  });
  try {
    await waitUntilReady(base, server);
    const login = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const cookie =
      (login.headers.getSetCookie().find((value) => value.startsWith('sid=')) ?? '').split(';')[0] ?? '';
    if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);
    const json = { 'content-type': 'application/json', origin: base };
    const orderBody = JSON.stringify({
      address: addressId,
      items: [{ card: card.id, quantity: 1, design: card.category }],
    });

    const workloads: Workload[] = [
      {
        name: 'pages (/, /cards, a card, /services)',
        kind: 'read',
        connections: 30,
        requests: ['/', '/cards', `/cards/${card.slug}`, '/services'].map((p) => ({
          method: 'GET',
          path: p,
        })),
      },
      {
        name: 'catalogue JSON (list, card)',
        kind: 'read',
        connections: 30,
        requests: [
          { method: 'GET', path: '/api/cards/?page=1' },
          { method: 'GET', path: `/api/cards/${card.slug}/` },
        ],
      },
      {
        name: 'verify a serial',
        kind: 'read',
        connections: 20,
        requests: [{ method: 'GET', path: '/api/verify/?code=ECD1-DD82-9NKP' }],
      },
      {
        name: 'log in',
        kind: 'write',
        connections: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login/',
            headers: json,
            body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
          },
        ],
      },
      {
        name: 'place an order',
        kind: 'write',
        connections: 20,
        requests: [
          {
            method: 'POST',
            path: '/api/orders/',
            body: orderBody,
            // Each request is a new checkout: its own key.
            setupRequest: (request) => ({
              ...request,
              headers: { ...json, cookie, 'idempotency-key': `load-${randomBytes(9).toString('hex')}` },
            }),
          },
        ],
      },
    ];
    console.log(
      `Database: ${kind}. ${workloads.reduce((n, w) => n + w.connections, 0)} connections for ${SECONDS} s…`,
    );
    const rss = new RssSampler(server.pid ?? 0);
    rss.start();
    const results = await Promise.all(workloads.map((workload) => run(base, workload)));
    rss.stop();
    await stopServer(server);

    // Every order answered 201 is there once; no order exists that was not answered.
    const database = await openDatabase({
      databaseUrl: postgres?.url,
      pgliteDir: path.join(dataDir, 'pglite'),
    });
    const [stored] = await database.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        keys: sql<number>`count(distinct ${orders.idempotencyKey})`.mapWith(Number),
      })
      .from(orders)
      .where(eq(orders.userId, userId));
    await database.close();
    const ordered = results.find((result) => result.workload.name === 'place an order');

    const rows = [
      ['workload', 'conns', 'requests', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'non-2xx', '5xx', 'errors'],
      ...results.map((r) => [
        r.workload.name,
        String(r.workload.connections),
        String(r.requests),
        r.rps.toFixed(0),
        r.p50.toFixed(0),
        r.p99.toFixed(0),
        String(r.ok),
        String(r.non2xx),
        String(r.serverErrors),
        String(r.errors),
      ]),
    ];
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
    console.log(
      `\n${rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n')}\n`,
    );
    console.log(`Peak RSS of the server: ${(rss.peak / 1024 / 1024).toFixed(0)} MB`);
    console.log(
      `Orders answered 201: ${ordered?.ok}; in the database: ${stored?.count} (${stored?.keys} distinct keys)`,
    );

    const enforced = Boolean(postgres);
    const checks: Array<[string, boolean, boolean]> = [
      ['no 5xx', results.every((r) => r.serverErrors === 0), true],
      ['no failed request (non-2xx or error)', results.every((r) => r.non2xx === 0 && r.errors === 0), true],
      // When the load stops, each order connection may have one order in flight: placed, its answer never
      // read (a real client would retry with the same key and get that order back).
      [
        'orders: every 201 stored, none twice',
        stored !== undefined &&
          ordered !== undefined &&
          stored.count >= ordered.ok &&
          stored.count <= ordered.ok + ordered.workload.connections &&
          stored.keys === stored.count,
        true,
      ],
      [
        'reads p99 < 200 ms',
        results.filter((r) => r.workload.kind === 'read').every((r) => r.p99 < 200),
        enforced,
      ],
      ['orders p99 < 500 ms', (ordered?.p99 ?? Number.POSITIVE_INFINITY) < 500, enforced],
    ];
    let failed = false;
    for (const [name, pass, counts] of checks) {
      console.log(
        `${pass ? 'PASS' : counts ? 'FAIL' : 'MISS'}  ${name}${counts ? '' : ' (reported only on the embedded database)'}`,
      );
      if (!pass && counts) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    await stopServer(server);
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Load test failed:', error);
    process.exit(1);
  },
);
