import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { multipart } from '../../server/test/users.ts';
import {
  freePort,
  runAdminCreate,
  type ServerProcess,
  spawnServer,
  stopServer,
  tempDataDir,
  waitUntilReady,
} from './server-process.ts';

/** The machine's PostgreSQL (CI's too); the test skips itself where none answers. */
const SERVER_URL = (() => {
  const url = new URL(process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
})();
const hasPostgres = async () => {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ServerProcess | undefined;
let dbName = '';

test.afterAll(async () => {
  if (server) await stopServer(server);
  if (dbName) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

/** The fields of the JSON answers this test reads. */
interface Body {
  pid: number;
  id: number;
  price: string;
  cover_image: string;
  attempts: number;
}

interface Answer {
  status: number;
  setCookie: string[];
  text: string;
  json(): Body;
}

/**
 * A request on a connection of its own (no keep-alive agent), so the cluster hands it to the next worker:
 * fetch would reuse one connection, and so one worker, for all of them.
 */
function fresh(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          setCookie: res.headers['set-cookie'] ?? [],
          text,
          json: () => JSON.parse(text) as Body,
        });
      });
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    if (init.body) req.write(init.body);
    req.end();
  });
}

test('WORKERS=2 on one PostgreSQL: any worker serves any session, and limits, counts, caches and media are shared', async () => {
  test.skip(!(await hasPostgres()), `no PostgreSQL at ${SERVER_URL}`);
  dbName = `e2e_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = `${SERVER_URL}/${dbName}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  server = spawnServer({
    port,
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: base,
    },
  });
  await waitUntilReady(server);

  const pidsOf = async (n: number) => {
    const pids = new Set<number>();
    for (let i = 0; i < n; i++) pids.add((await fresh(`${base}/healthz`)).json().pid);
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
  const card = (await fresh(cardUrl)).json();
  for (let i = 0; i < 4; i++) expect((await fresh(cardUrl)).json().price).toBe(card.price);
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
  });
  expect(edited.status).toBe(200);
  const coverUrl = edited.json().cover_image;
  for (let i = 0; i < 4; i++) {
    expect((await fresh(cardUrl)).json().price).toBe('31.00');
    expect((await fresh(`${base}/cards/classic-intro-card-matte-black`)).text).toContain('$31.00');
    // The uploaded cover is served by every worker (one media directory).
    expect((await fresh(`${base}${coverUrl}`)).status).toBe(200);
  }

  // Verification counts and failed-login limits are the same whichever worker answers.
  const counts: number[] = [];
  for (let i = 0; i < 4; i++)
    counts.push((await fresh(`${base}/api/verify/?code=ECD1-DD82-9NKP`)).json().attempts);
  expect(counts).toEqual([1, 2, 3, 4]);
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

  // SIGTERM stops every worker gracefully.
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
