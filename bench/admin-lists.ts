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
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { generateSerial } from '../server/modules/registry/serial-code.ts';
import { createTestApp, type TestApp } from '../server/test/test-app.ts';
import { signedInAdmin } from '../server/test/users.ts';
import { positiveInteger, positiveNumber } from './env-number.ts';
import { percentile, table } from './report.ts';

const WARMUPS = 3;
const RUNS = 20;
/** Serials sent to the database per statement (as one comma-separated parameter). */
const SERIAL_CHUNK = 25_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** An odd multiplier: i ↦ (i × M + offset) mod 2^40 is a bijection, so order numbers never collide. */
const NUMBER_MULTIPLIER = 25_214_903_917n;
const NUMBER_SPACE = 2n ** 40n;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pedro',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST_NAMES = [
  'Lovelace',
  'Okafor',
  'Martin',
  'Schmidt',
  'Rossi',
  'Haddad',
  'Hopper',
  'Dubois',
  'Silva',
  'Berg',
  'Tanaka',
  'Murphy',
  'Kowalski',
  'Nguyen',
  'Ivanova',
  'Garcia',
  'Novak',
  'Jensen',
  'Costa',
  'Patel',
];
const DOMAINS = ['example.com', 'example.org', 'mail.test', 'inbox.test', 'firm.test'];
const CITIES = ['Lisbon', 'Berlin', 'Lyon', 'Dublin', 'Oslo', 'Porto', 'Gdansk', 'Valencia'];
const COUNTRIES = ['PT', 'DE', 'FR', 'IE', 'NO', 'PT', 'PL', 'ES'];
const AUDIT_ACTIONS: Array<[action: string, targetType: string]> = [
  ['order.status', 'order'],
  ['card.update', 'card'],
  ['serial.block', 'serial'],
  ['user.role', 'user'],
  ['lead.status', 'lead'],
];

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

/** A text[] literal for SQL, from constants of this file only. */
const textArray = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`);

async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T>(db: Db, statement: SQL): Promise<T> {
  const [row] = await rowsOf<T>(db, statement);
  if (row === undefined) throw new Error('The query returned no row');
  return row;
}

/** The ids a bulk insert gave a table: above `after`, and without gaps (checked), so `lo + k` is a row. */
async function idRange(db: Db, table: string, after: number): Promise<{ lo: number; n: number }> {
  const range = await one<{ lo: number; hi: number; n: number }>(
    db,
    sql`SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM ${sql.identifier(table)}
        WHERE id > ${after}`,
  );
  if (range.n === 0 || range.hi - range.lo + 1 !== range.n) {
    throw new Error(`The new ${table} rows do not have consecutive ids`);
  }
  return { lo: range.lo, n: range.n };
}

async function maxId(db: Db, table: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`SELECT coalesce(max(id), 0)::int AS id FROM ${sql.identifier(table)}`,
  );
  return row.id;
}

/**
 * The moment row `index` (1…rows) of a table was written, as SQL: spread over the last 365 days, in the
 * order of the ids (a table grows in time order, so the planner sees the correlation it sees in
 * production), with random gaps between rows.
 */
const chronological = (index: SQL, rows: number) =>
  sql`now() - ((${rows}::int - ${index}) + random()) * interval '365 days' / ${rows}::int`;

async function loadUsers(db: Db, rows: number): Promise<{ lo: number; n: number }> {
  const before = await maxId(db, 'users');
  // About five admins whatever the size; the rest customers, most of them active.
  const adminEvery = Math.max(1, Math.floor(rows / 5));
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, first_name, last_name, role, is_active,
                       last_login_at, created_at, updated_at)
    SELECT 'bench-' || g.i,
           lower(g.first || '.' || g.last) || g.i || '@' || g.domain,
           '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bench-not-a-real-hash',
           g.first, g.last,
           CASE WHEN g.i % ${adminEvery} = 0 THEN 'admin' ELSE 'user' END,
           g.r < 0.9,
           CASE WHEN g.r < 0.7 THEN g.created + (now() - g.created) * random() END,
           g.created, g.created
    FROM (
      SELECT i,
             (${textArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
             (${textArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] AS last,
             (${textArray(DOMAINS)})[1 + floor(random() * ${DOMAINS.length})::int] AS domain,
             random() AS r,
             ${chronological(sql`i`, rows)} AS created
      FROM generate_series(1, ${rows}) AS i
    ) AS g`);
  return idRange(db, 'users', before);
}

/** The SQL of an order number's 8 base32 characters from `code` (0 ≤ code < 2^40), as "NX-XXXX-XXXX". */
function orderNumberSql(): SQL {
  const digit = (k: number) => `substr('${CROCKFORD}', ((g.code >> ${5 * k}) & 31)::int + 1, 1)`;
  const part = (ks: number[]) => ks.map(digit).join(' || ');
  return sql.raw(`'NX-' || ${part([7, 6, 5, 4])} || '-' || ${part([3, 2, 1, 0])}`);
}

/** Orders of random generated customers, each with one or two lines of seeded cards; totals add up. */
async function loadOrders(db: Db, rows: number, customers: { lo: number; n: number }): Promise<void> {
  const offset = BigInt(randomInt(2 ** 47)) % NUMBER_SPACE;
  const statuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'];
  await db.execute(sql`
    WITH c AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(price_cents ORDER BY id) AS prices,
             array_agg(name ORDER BY id) AS names, array_agg(sku ORDER BY id) AS skus,
             array_agg(category ORDER BY id) AS designs, count(*)::int AS n
      FROM cards
    ),
    g AS MATERIALIZED (
      SELECT i,
             ${customers.lo} + floor(random() * ${customers.n})::int AS user_id,
             (${textArray(statuses)})[1 + floor(random() * 5)::int] AS status,
             ${chronological(sql`i`, rows)} AS created,
             1 + floor(random() * c.n)::int AS c1,
             1 + floor(random() * 3)::int AS q1,
             CASE WHEN random() < 0.4 THEN 1 + floor(random() * c.n)::int END AS c2,
             1 + floor(random() * 2)::int AS q2,
             (${offset.toString()}::bigint + i::bigint * ${NUMBER_MULTIPLIER.toString()}::bigint)
               % ${NUMBER_SPACE.toString()}::bigint AS code
      FROM generate_series(1, ${rows}) AS i, c
    ),
    placed AS (
      INSERT INTO orders (number, user_id, status, total_cents, item_count, ship_address, ship_city,
                          ship_state, ship_country, ship_postal_code, idempotency_key, request_hash,
                          created_at, updated_at)
      SELECT ${orderNumberSql()}, g.user_id, g.status,
             c.prices[g.c1] * g.q1 + coalesce(c.prices[g.c2] * g.q2, 0),
             g.q1 + CASE WHEN g.c2 IS NULL THEN 0 ELSE g.q2 END,
             (1 + g.i % 250) || ' Harbour Street',
             (${textArray(CITIES)})[1 + g.i % ${CITIES.length}],
             '',
             (${textArray(COUNTRIES)})[1 + g.i % ${COUNTRIES.length}],
             lpad((g.i % 100000)::text, 5, '0'),
             'bench-' || g.i,
             md5(g.i::text) || md5(random()::text),
             g.created,
             g.created + (now() - g.created) * random()
      FROM g, c
      RETURNING id, idempotency_key
    )
    INSERT INTO order_lines (order_id, card_id, name, sku, design, unit_price_cents, quantity)
    SELECT p.id, c.ids[l.card], c.names[l.card], c.skus[l.card], c.designs[l.card], c.prices[l.card],
           l.quantity
    FROM placed AS p
    JOIN g ON p.idempotency_key = 'bench-' || g.i
    CROSS JOIN c
    CROSS JOIN LATERAL (VALUES (g.c1, g.q1), (g.c2, g.q2)) AS l(card, quantity)
    WHERE l.card IS NOT NULL`);
}

/** Serials with valid check characters (generated here), on seeded cards; some blocked, over-checked, claimed. */
async function loadSerials(db: Db, rows: number, customers: { lo: number; n: number }): Promise<void> {
  const codes = new Set<string>();
  while (codes.size < rows) codes.add(generateSerial());
  const all = [...codes];
  for (let start = 0; start < all.length; start += SERIAL_CHUNK) {
    const index = sql`(${start}::int + raw.n)`;
    const chunk = all.slice(start, start + SERIAL_CHUNK).join(',');
    await db.execute(sql`
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM cards)
      INSERT INTO serials (serial, card_id, status, verification_count, first_verified_at, last_verified_at,
                           claimed_by, claimed_at, created_at)
      SELECT s.code,
             c.ids[1 + floor(random() * c.n)::int],
             CASE WHEN s.r < 0.02 THEN 'blocked' ELSE 'active' END,
             s.checks,
             CASE WHEN s.checks > 0 THEN s.created + (now() - s.created) * 0.1 END,
             CASE WHEN s.checks > 0 THEN s.created + (now() - s.created) * (0.1 + 0.9 * random()) END,
             CASE WHEN s.r > 0.9 THEN ${customers.lo} + floor(random() * ${customers.n})::int END,
             CASE WHEN s.r > 0.9 THEN s.created + (now() - s.created) * 0.05 END,
             s.created
      FROM (
        SELECT code, random() AS r, ${chronological(index, rows)} AS created,
               CASE WHEN x < 0.5 THEN 0
                    WHEN x < 0.97 THEN 1 + floor(random() * 5)::int
                    ELSE 6 + floor(random() * 35)::int END AS checks
        FROM (
          SELECT code, n, random() AS x FROM unnest(string_to_array(${chunk}, ',')) WITH ORDINALITY AS u(code, n)
        ) AS raw
      ) AS s, c`);
  }
}

async function loadVerifications(db: Db, rows: number, serialIds: { lo: number; n: number }): Promise<void> {
  await db.execute(sql`
    INSERT INTO serial_verifications (serial_id, count, client, verified_at)
    SELECT ${serialIds.lo} + floor(random() * ${serialIds.n})::int,
           1 + floor(random() * 8)::int,
           md5(random()::text) || md5(random()::text),
           ${chronological(sql`i`, rows)}
    FROM generate_series(1, ${rows}) AS i`);
}

async function loadLeads(db: Db, rows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO leads (kind, name, email, phone, subject, message, service, status, created_at, handled_at)
    SELECT g.kind,
           g.first || ' ' || g.last,
           lower(g.first || '.' || g.last) || g.i || '@example.net',
           CASE WHEN g.r < 0.5 THEN '+351 9' || lpad((g.i % 100000000)::text, 8, '0') ELSE '' END,
           CASE WHEN g.kind = 'contact' THEN 'Question about order ' || g.i ELSE '' END,
           'Hello, I would like to know more about your smart cards for our team of ' || (2 + g.i % 40)
             || ' people. Could you call me back?',
           CASE WHEN g.kind = 'consultation' THEN (${textArray(['branding', 'nfc-setup', 'bulk-orders'])})[1 + g.i % 3]
                ELSE '' END,
           CASE WHEN g.r < 0.3 THEN 'new' ELSE 'handled' END,
           g.created,
           CASE WHEN g.r >= 0.3 THEN g.created + (now() - g.created) * random() END
    FROM (
      SELECT i,
             CASE WHEN random() < 0.6 THEN 'contact' ELSE 'consultation' END AS kind,
             (${textArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
             (${textArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] AS last,
             random() AS r,
             ${chronological(sql`i`, rows)} AS created
      FROM generate_series(1, ${rows}) AS i
    ) AS g`);
}

async function loadAudit(db: Db, rows: number): Promise<void> {
  const actions = textArray(AUDIT_ACTIONS.map(([action]) => action));
  const types = textArray(AUDIT_ACTIONS.map(([, type]) => type));
  await db.execute(sql`
    WITH a AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(email ORDER BY id) AS emails, count(*)::int AS n
      FROM users WHERE role = 'admin'
    )
    INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, before, after, created_at)
    SELECT a.ids[1 + floor(g.who * a.n)::int],
           a.emails[1 + floor(g.who * a.n)::int],
           (${actions})[g.k],
           (${types})[g.k],
           (1 + floor(random() * 100000)::int)::text,
           jsonb_build_object('status', 'pending'),
           jsonb_build_object('status', 'confirmed', 'note', 'bench entry ' || g.i),
           g.created
    FROM (
      SELECT i, random() AS who, 1 + floor(random() * ${AUDIT_ACTIONS.length})::int AS k,
             ${chronological(sql`i`, rows)} AS created
      FROM generate_series(1, ${rows}) AS i
    ) AS g, a`);
}

async function step(label: string, fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  process.stdout.write(`  ${label}… `);
  await fn();
  console.log(`${((performance.now() - started) / 1000).toFixed(2)} s`);
}

/** Loads every table; returns the seconds it took. */
async function load(db: Db, rows: number): Promise<number> {
  const started = performance.now();
  let customers = { lo: 0, n: 0 };
  let serialIds = { lo: 0, n: 0 };
  await step(`${rows} users`, async () => {
    customers = await loadUsers(db, rows);
  });
  await step(`${rows} orders and their lines`, () => loadOrders(db, rows, customers));
  await step(`${rows} serials`, async () => {
    const before = await maxId(db, 'serials');
    await loadSerials(db, rows, customers);
    serialIds = await idRange(db, 'serials', before);
  });
  await step(`${rows} serial verifications`, () => loadVerifications(db, rows, serialIds));
  await step(`${rows} leads`, () => loadLeads(db, rows));
  await step(`${rows} audit entries`, () => loadAudit(db, rows));
  await step('ANALYZE', async () => {
    await db.execute(sql`ANALYZE`);
  });
  return (performance.now() - started) / 1000;
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
    const loadSeconds = await load(t.database.db, rows);
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
