/** The admin console's large database for the benchmarks (bench:admin, bench:noisy): rows written with set-based SQL. */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { generateSerial } from '../server/modules/registry/serials/serial-code.ts';

/** Serials sent to the database per statement (as one comma-separated parameter). */
const SERIAL_CHUNK = 25_000;
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

/** A text[] literal for SQL, from constants of this file only. */
const textArray = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`);

async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export async function one<T>(db: Db, statement: SQL): Promise<T> {
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
    INSERT INTO users (username, email, password_hash, first_name, last_name, role, email_verified_at,
                       disabled_at,
                       last_login_at, created_at, updated_at)
    SELECT 'bench-' || g.i,
           lower(g.first || '.' || g.last) || g.i || '@' || g.domain,
           '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bench-not-a-real-hash',
           g.first, g.last,
           CASE WHEN g.i % ${adminEvery} = 0 THEN 'admin' ELSE 'user' END,
           g.created,
           CASE WHEN g.r >= 0.9 THEN g.created END,
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
      INSERT INTO orders (number, user_id, status, total_cents, subtotal_cents, item_count, ship_address,
                          ship_city,
                          ship_state, ship_country, ship_postal_code, idempotency_key, request_hash,
                          created_at, updated_at)
      SELECT ${orderNumberSql()}, g.user_id, g.status,
             c.prices[g.c1] * g.q1 + coalesce(c.prices[g.c2] * g.q2, 0),
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

/** Loads ROWS users, orders, serials, verifications, leads and audit entries; returns the seconds it took. */
export async function loadAdminData(db: Db, rows: number): Promise<number> {
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
