import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_UPLOAD_MESSAGES } from '../../common/messages/card-design.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { cards, designUploads, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { scratchPostgresDatabase } from '../test/scratch-database.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { multipart, TEST_PASSWORD } from '../test/users.ts';

/**
 * Others' slowest answer while the heavy work runs. Generous: this 2-core machine runs other suites beside this
 * one (load average 14–17 when measured); the old code's server died, and a request thread drawing the cards
 * itself held others for many seconds.
 */
const OTHERS_SLOWEST_MS = 2000;
/** How much the server process's memory may grow during the work (the pictures and PDFs live in the pool). */
const SERVER_GROWTH_MB = 150;

/**
 * Issue 32's worst personalised order, over real HTTP against a server process with the production heap
 * limit: 25 cards with a 1100×1100 noisy logo kept before pictures were capped (4.8 MB). It used to run the
 * server out of heap while every other visitor waited seconds.
 */

const CARDS = 25;
let dataDir: string;
/** On PostgreSQL runs, this file's own database (the server process would otherwise share the run's). */
let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
let server: ServerProcess;
let noisyLogo: Buffer;
let legacyLogoId: number;
let cardId: number;
const buyerEmail = `buyer-${randomBytes(3).toString('hex')}@example.test`;
const otherEmail = `other-${randomBytes(3).toString('hex')}@example.test`;
const adminEmail = `admin-${randomBytes(3).toString('hex')}@example.test`;

const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', ORDERS_PER_HOUR: '50' });

/** Random pixels: the worst case for PNG compression (about 4.8 MB at 1100×1100 with alpha). */
function noisyPng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 4), { raw: { width: side, height: side, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function seed() {
  const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database, { seedDemo: false, legacyMediaDir: undefined });
    const db = database.db;
    const passwordHash = await hashPassword(TEST_PASSWORD);
    const person = (email: string, role: 'user' | 'admin' = 'user') => ({
      username: email.split('@')[0] ?? 'x',
      email,
      passwordHash,
      firstName: 'Maya',
      lastName: 'Lindqvist',
      emailVerifiedAt: new Date(),
      role,
    });
    const [buyer] = await db.insert(users).values(person(buyerEmail)).returning();
    await db.insert(users).values([person(otherEmail), person(adminEmail, 'admin')]);
    const [card] = await db
      .insert(cards)
      .values({
        name: 'Team Pack 25',
        slug: 'team-pack-25',
        sku: 'TP-25',
        priceCents: 3900,
        category: 'Pearl White',
        personalFields: ['name', 'title', 'company', 'logo', 'qr'],
        packSize: CARDS,
      })
      .returning();
    if (!buyer || !card) throw new Error('not seeded');
    cardId = card.id;
    // Kept before pictures were capped: it must still print, bounded when used.
    const [upload] = await db
      .insert(designUploads)
      .values({ userId: buyer.id, kind: 'logo', png: noisyLogo, width: 1100, height: 1100 })
      .returning();
    if (!upload) throw new Error('no upload');
    legacyLogoId = upload.id;
  } finally {
    await database.close();
  }
}

interface Answer {
  status: number;
  ms: number;
  body: ReturnType<typeof JSON.parse>;
  headers: Headers;
}

async function call(
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.raw ? { body: new Uint8Array(options.raw) } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, ms: performance.now() - started, body, headers: response.headers };
}

async function signIn(email: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/login/`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  const sid = /sid=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error(`login failed: ${answer.status} ${await answer.text()}`);
  return `sid=${sid}`;
}

/**
 * Another visitor reading a light page every 100 ms while `work` runs: their slowest answer; and how much the
 * server's resident memory grew over what it was before (sampled as often).
 */
async function othersWhile<T>(
  work: Promise<T>,
): Promise<{ result: T; slowestMs: number; failed: number; grewMb: number }> {
  let done = false;
  let slowestMs = 0;
  let failed = 0;
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 100);
  const probe = (async () => {
    while (!done) {
      try {
        const answer = await call('GET', '/api/cards/');
        if (answer.status !== 200) failed++;
        slowestMs = Math.max(slowestMs, answer.ms);
      } catch {
        failed++;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work;
    return { result, slowestMs, failed, grewMb: peak - before };
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
  }
}

async function printFiles(cookie: string, orderId: number) {
  const answer = await call('GET', `/api/admin/orders/${orderId}/`, { cookie });
  return answer.body.print_files as { ready: number; total: number };
}

let buyer: string;
let admin: string;
let addressId: number;
let orderId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'heavy-order-'));
  noisyLogo = await noisyPng(1100);
  if (process.env.DATABASE_URL) scratch = await scratchPostgresDatabase(process.env.DATABASE_URL, 'heavy');
  await seed();
  server = await startServerProcess(env());
  buyer = await signIn(buyerEmail);
  admin = await signIn(adminEmail);
  const address = await call('POST', '/api/auth/address/', {
    cookie: buyer,
    body: {
      address: '12 Harbour Road',
      city: 'Cork',
      state: '',
      country: 'Ireland',
      postal_code: 'T12 X123',
    },
  });
  addressId = address.body.id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

describe('the largest personalised order', () => {
  it('is placed without crashing; others are answered meanwhile and the server stays small', async () => {
    expect(noisyLogo.length).toBeGreaterThan(4_000_000);
    const personalisation = Array.from({ length: CARDS }, (_, n) => ({
      name: `Member Number ${n + 1}`,
      title: 'Engineer',
      company: 'Lumen Harbour',
      logo: legacyLogoId,
      qr: true,
    }));
    const { result, slowestMs, failed, grewMb } = await othersWhile(
      call('POST', '/api/orders/', {
        cookie: buyer,
        headers: { 'idempotency-key': `heavy-${randomBytes(6).toString('hex')}` },
        body: {
          address: addressId,
          items: [{ card: cardId, design: 'Pearl White', quantity: 1, personalisation }],
        },
      }),
    );
    console.info(
      `order of ${CARDS}: ${Math.round(result.ms)} ms; others' slowest ${Math.round(slowestMs)} ms; RSS +${Math.round(grewMb)} MB`,
    );
    expect(server.alive(), server.stderr()).toBe(true);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    orderId = result.body.id;
    expect(failed).toBe(0);
    expect(slowestMs).toBeLessThan(OTHERS_SLOWEST_MS);
    expect(grewMb).toBeLessThan(SERVER_GROWTH_MB);
  }, 180_000);

  it('makes its 25 print files card by card after the order, through a restart, while others are answered', async () => {
    const progress = await printFiles(admin, orderId);
    expect(progress.total).toBe(CARDS);
    // Pulled plug while the print files are made: the work is durable, another start finishes it.
    await server.kill();
    server = await startServerProcess(env());
    admin = await signIn(adminEmail);
    const other = await signIn(otherEmail);
    // The buyer's three large uploads and the print files queued, then another buyer's small upload: theirs
    // takes the next turn, not the last.
    const form = (data: Buffer) =>
      multipart({ kind: 'logo' }, { field: 'image', filename: 'logo.png', type: 'image/png', data });
    const finished: string[] = [];
    const upload = (cookie: string, data: Buffer, name: string) => {
      const body = form(data);
      return call('POST', '/api/design-uploads/', { cookie, raw: body.payload, headers: body.headers }).then(
        (answer) => {
          finished.push(name);
          return answer;
        },
      );
    };
    const buyerAgain = await signIn(buyerEmail);
    const theirs = [1, 2, 3].map((n) => upload(buyerAgain, noisyLogo, `buyer ${n}`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const small = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const mine = await upload(other, small, 'other');
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect((await printFiles(admin, orderId)).ready).toBeLessThan(CARDS);
    for (const answer of await Promise.all(theirs)) expect(answer.status).toBe(201);
    expect(finished.indexOf('other')).toBeLessThan(2);

    const { slowestMs, failed, grewMb } = await othersWhile(
      (async () => {
        const deadline = Date.now() + 240_000;
        for (;;) {
          const now = await printFiles(admin, orderId);
          if (now.ready === CARDS || Date.now() > deadline) return now;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })(),
    );
    console.info(
      `print files after restart: others' slowest ${Math.round(slowestMs)} ms; RSS +${Math.round(grewMb)} MB; another's upload ${Math.round(mine.ms)} ms`,
    );
    expect(await printFiles(admin, orderId)).toEqual({ ready: CARDS, total: CARDS });
    expect(failed).toBe(0);
    expect(slowestMs).toBeLessThan(OTHERS_SLOWEST_MS);
    expect(grewMb).toBeLessThan(SERVER_GROWTH_MB);
    const order = await call('GET', `/api/admin/orders/${orderId}/`, { cookie: admin });
    const design = order.body.items[0].printed[0].id;
    const pdf = await fetch(`${server.url}/api/admin/orders/${orderId}/designs/${design}/print.pdf`, {
      headers: { cookie: admin },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 300_000);

  it('sends its proof without holding other visitors or the server’s memory', async () => {
    const { result, slowestMs, failed, grewMb } = await othersWhile(
      call('POST', `/api/admin/orders/${orderId}/proofs/`, { cookie: admin, body: { note: '' } }),
    );
    console.info(
      `proof: ${Math.round(result.ms)} ms; others' slowest ${Math.round(slowestMs)} ms; RSS +${Math.round(grewMb)} MB`,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(failed).toBe(0);
    expect(slowestMs).toBeLessThan(OTHERS_SLOWEST_MS);
    expect(server.alive()).toBe(true);
    expect(grewMb).toBeLessThan(SERVER_GROWTH_MB);
  }, 180_000);
});

describe('the picture caps', () => {
  it('reduces an oversized logo to what a card prints and tells the buyer', async () => {
    const form = multipart(
      { kind: 'logo' },
      { field: 'image', filename: 'noisy.png', type: 'image/png', data: noisyLogo },
    );
    const answer = await call('POST', '/api/design-uploads/', {
      cookie: buyer,
      raw: form.payload,
      headers: form.headers,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(Math.max(answer.body.width, answer.body.height)).toBeLessThanOrEqual(800);
    expect(answer.body.notice).toBe(DESIGN_UPLOAD_MESSAGES.reduced);
    const png = await fetch(`${server.url}${answer.body.url}`, { headers: { cookie: buyer } });
    expect((await png.arrayBuffer()).byteLength).toBeLessThanOrEqual(1024 * 1024);
  }, 60_000);
});
