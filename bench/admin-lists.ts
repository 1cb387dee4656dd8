/**
 * The admin console's lists on a large database: `npm run bench:admin`.
 *
 * Builds the API on a fresh, migrated and seeded database (in-memory PGlite, or a new database on the
 * PostgreSQL server named by DATABASE_URL, dropped afterwards), loads ROWS (default 100,000) users, orders,
 * serials, serial verifications, leads and audit entries with set-based SQL, signs in an admin and times
 * each admin list through the real routing, validation and serialisation (`app.inject`): 3 warm-ups, then
 * 20 measured requests. Prints median and p95 per route and checks that every median is under the target
 * (100 ms on PostgreSQL, 250 ms on PGlite; MEDIAN_TARGET_MS overrides). Exits 1 when a target fails.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../server/test/test-app.ts';
import { signedInAdmin } from '../server/test/users.ts';
import { loadAdminData, one } from './admin-data.ts';
import { positiveInteger, positiveNumber } from './env-number.ts';
import { percentile, table } from './report.ts';

const WARMUPS = 3;
const RUNS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Endpoint {
  label: string;
  path: string;
}

interface Measurement {
  endpoint: Endpoint;
  median: number;
  p95: number;
  /** The JSON `count`, where the answer has one. */
  count: number | undefined;
}

async function get(t: TestApp, cookie: string, path: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return { ms, body: response.body };
}

async function measure(t: TestApp, cookie: string, endpoint: Endpoint): Promise<Measurement> {
  let body = '';
  for (let i = 0; i < WARMUPS; i++) await get(t, cookie, endpoint.path);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const answer = await get(t, cookie, endpoint.path);
    times.push(answer.ms);
    body = answer.body;
  }
  times.sort((a, b) => a - b);
  const parsed = JSON.parse(body) as { count?: unknown };
  return {
    endpoint,
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    count: typeof parsed.count === 'number' ? parsed.count : undefined,
  };
}

/** `page`, or the list's last page when a small ROWS leaves fewer pages (a page past the end is a 404). */
async function pageWithin(t: TestApp, cookie: string, path: string, page: number): Promise<number> {
  const { body } = await get(t, cookie, path);
  const { page_count: pageCount } = JSON.parse(body) as { page_count: number };
  return Math.min(page, pageCount);
}

/** The routes to time, with real values (a customer's e-mail, a serial…) picked from the loaded data. */
async function endpoints(t: TestApp, cookie: string): Promise<Endpoint[]> {
  const db = t.database.db;
  const sample = await one<{ customer: string; order_id: number }>(
    db,
    sql`SELECT u.email AS customer, o.id::int AS order_id
        FROM orders AS o JOIN users AS u ON u.id = o.user_id
        ORDER BY o.id DESC LIMIT 1`,
  );
  const someone = await one<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE username LIKE 'bench-%' ORDER BY id LIMIT 1 OFFSET 777`,
  );
  const checked = await one<{ serial: string }>(
    db,
    sql`SELECT s.serial FROM serial_verifications AS v JOIN serials AS s ON s.id = v.serial_id
        ORDER BY v.id DESC LIMIT 1`,
  );
  const emailPart = someone.email.split('@')[0] ?? someone.email;
  const today = new Date();
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const from = day(new Date(today.getTime() - 30 * DAY_MS));
  const page = (base: string, wanted: number) => pageWithin(t, cookie, base, wanted);
  const ordersPage = await page('/api/admin/orders/', 2000);
  const usersPage = await page('/api/admin/users/', 2000);
  const serialsPage = await page('/api/admin/serials/', 2000);
  const leadsPage = await page('/api/admin/leads/?status=new', 100);
  const auditPage = await page('/api/admin/audit/', 2000);
  const q = encodeURIComponent;

  console.log(
    `Samples: customer ${sample.customer}, e-mail part "${emailPart}", serial ${checked.serial}, ` +
      `order ${sample.order_id}, dates ${from}…${day(today)}`,
  );
  const e = (label: string, path: string): Endpoint => ({ label, path });
  return [
    e('orders/', '/api/admin/orders/'),
    e(`orders/?page=${ordersPage}`, `/api/admin/orders/?page=${ordersPage}`),
    e('orders/?status=shipped', '/api/admin/orders/?status=shipped'),
    e('orders/?search=<customer e-mail>', `/api/admin/orders/?search=${q(sample.customer)}`),
    e('orders/?from=<30 days ago>&to=<today>', `/api/admin/orders/?from=${from}&to=${day(today)}`),
    e('users/', '/api/admin/users/'),
    e(`users/?page=${usersPage}`, `/api/admin/users/?page=${usersPage}`),
    e('users/?search=<part of an e-mail>', `/api/admin/users/?search=${q(emailPart)}`),
    e('users/?search=<a first name>', '/api/admin/users/?search=Grace'),
    e('users/?role=admin', '/api/admin/users/?role=admin'),
    e('serials/', '/api/admin/serials/'),
    e(`serials/?page=${serialsPage}`, `/api/admin/serials/?page=${serialsPage}`),
    e('serials/?search=<6 chars of a serial>', `/api/admin/serials/?search=${checked.serial.slice(0, 6)}`),
    e('serials/?search=<a SKU>', '/api/admin/serials/?search=IC-CLS-MB'),
    e('serials/?status=suspicious', '/api/admin/serials/?status=suspicious'),
    e('serials/?status=blocked', '/api/admin/serials/?status=blocked'),
    e('serials/<serial>/', `/api/admin/serials/${checked.serial}/`),
    e('leads/', '/api/admin/leads/'),
    e('leads/?search=<part of an e-mail>', `/api/admin/leads/?search=${q(emailPart)}`),
    e(`leads/?status=new&page=${leadsPage}`, `/api/admin/leads/?status=new&page=${leadsPage}`),
    e('audit/', '/api/admin/audit/'),
    e(`audit/?page=${auditPage}`, `/api/admin/audit/?page=${auditPage}`),
    e('cards/', '/api/admin/cards/'),
    e('dashboard/?days=90', '/api/admin/dashboard/?days=90'),
    e('orders/<id>/', `/api/admin/orders/${sample.order_id}/`),
  ];
}

function report(measurements: Measurement[], targetMs: number): boolean {
  const rows = [
    ['GET /api/admin/…', 'median ms', 'p95 ms', 'rows matched', `median < ${targetMs} ms`],
    ...measurements.map((m) => [
      m.endpoint.label,
      m.median.toFixed(1),
      m.p95.toFixed(1),
      m.count === undefined ? '' : String(m.count),
      m.median < targetMs ? 'PASS' : 'FAIL',
    ]),
  ];
  console.log(`\n${table(rows)}\n`);
  const failed = measurements.filter((m) => !(m.median < targetMs));
  console.log(
    failed.length === 0
      ? 'All targets pass.'
      : `Some targets FAIL: ${failed.map((m) => m.endpoint.label).join(', ')}.`,
  );
  return failed.length === 0;
}

async function main(): Promise<number> {
  const rows = positiveInteger('ROWS', 100_000);
  const started = performance.now();
  const t = await createTestApp({ LOG_LEVEL: 'silent' });
  let cleaning: Promise<void> | undefined;
  const cleanup = () => {
    cleaning ??= t.close();
    return cleaning;
  };
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: closing the app and its database`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    const kind = t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
    const targetMs = positiveNumber('MEDIAN_TARGET_MS', t.database.kind === 'postgres' ? 100 : 250);
    const setup = (performance.now() - started) / 1000;
    console.log(
      `Database: ${kind}; migrated and seeded in ${setup.toFixed(2)} s. Loading ${rows} rows per table:`,
    );
    const loadSeconds = await loadAdminData(t.database.db, rows);
    console.log(`Loaded in ${loadSeconds.toFixed(2)} s.`);

    const admin = await signedInAdmin(t);
    const list = await endpoints(t, admin.cookie);
    console.log(`Timing ${list.length} routes (${WARMUPS} warm-ups, ${RUNS} measured requests each)…`);
    const measurements: Measurement[] = [];
    for (const endpoint of list) measurements.push(await measure(t, admin.cookie, endpoint));
    console.log(`\nDatabase: ${kind}; ${rows} rows per table, loaded in ${loadSeconds.toFixed(2)} s.`);
    return report(measurements, targetMs) ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Benchmark failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
