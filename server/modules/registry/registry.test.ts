import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSerial } from '../../../common/serial-format.ts';
import { serials, serialVerifications } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { batchCsv, generateBatch, importBatch } from './batches.ts';
import { ImportError } from './csv-import.ts';
import { checkCharacter, generateSerial } from './serial-code.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A client in a network of its own (a serial's count is one per network). */
const newIp = () => `10.${ipCounter & 255}.${(ipCounter++ >> 8) & 255}.7`;

async function verify(code: string, ip = '10.200.0.1', app: TestApp = t) {
  const response = await request(app, {
    url: `/api/verify/?code=${encodeURIComponent(code)}`,
    remoteAddress: ip,
  });
  return { status: response.status, body: response.body, headers: response.headers };
}

/** A valid serial (right check character) that is not registered. */
function unregistered(): string {
  return generateSerial();
}

describe('GET /api/verify/', () => {
  it('of 20 concurrent unknown codes from one client, exactly 5 are looked up', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(unregistered(), ip)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('never locks a client out for checks that found their cards, however many ran at once', async () => {
    const ip = newIp();
    const cards = (await generateBatch(t.database.db, 'IC-CLS-MB', 24)).map((row) => row.serial);
    // More at once than the limit: some wait their turn (429), none is a miss.
    const burst = await Promise.all(cards.slice(0, 20).map((code) => verify(code, ip)));
    expect(burst.map((answer) => answer.status).filter((status) => status !== 429)).not.toEqual([]);
    expect(burst.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    // Afterwards the client checks its cards as before, and still has all five misses.
    for (const code of cards.slice(20)) expect((await verify(code, ip)).status).toBe(200);
    expect((await verify(unregistered(), ip)).body).toMatchObject({ status: 'Not found', attempts: 1 });
  });

  it('counts a serial once per client: genuine, then verified n times, then the limit, with x/5 attempts', async () => {
    const [serial] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const code = serial?.serial as string;
    const firstIp = newIp();
    const first = await verify(code, firstIp);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({
      valid: true,
      status: 'Genuine product',
      serial_number: code,
      sku: 'IC-CLS-MB',
      attempts: 1,
      attempts_left: 4,
      first_verified_at: expect.any(String),
      reported_lost: false,
      counted: true,
    });
    // The same client again today: the same answer, not counted (issue 18: a count no stranger can burn).
    expect((await verify(code, firstIp)).body).toEqual({ ...first.body, counted: false });
    for (let n = 2; n <= 5; n++) {
      const answer = await verify(formatSerial(code).toLowerCase(), newIp());
      expect(answer.body).toMatchObject({
        valid: true,
        status: `Genuine product — verified ${n} times`,
        attempts: n,
        attempts_left: 5 - n,
        first_verified_at: first.body.first_verified_at,
        counted: true,
      });
    }
    const sixth = await verify(` ${code.slice(0, 4)} ${code.slice(4)} `, newIp());
    expect(sixth).toMatchObject({
      status: 200,
      body: { valid: false, status: 'Verification limit reached', attempts: 5, attempts_left: 0 },
    });
  });

  it('never reports more attempts than the 5 shown as x/5, however often a serial is checked', async () => {
    const [serial] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const code = serial?.serial as string;
    const answers = [];
    for (let n = 1; n <= 9; n++) answers.push((await verify(code, newIp())).body);
    expect(answers.map((answer) => `${answer.attempts}/5`)).toEqual([
      '1/5',
      '2/5',
      '3/5',
      '4/5',
      '5/5',
      '5/5',
      '5/5',
      '5/5',
      '5/5',
    ]);
    expect(answers.slice(5).every((answer) => answer.status === 'Verification limit reached')).toBe(true);
    // The firm still sees the true count (the admin console and its "suspicious" list read it).
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, code));
    expect(row?.verificationCount).toBe(9);

    // A blocked serial checked many times before it was blocked: at most 5 too.
    await t.database.db.update(serials).set({ status: 'blocked' }).where(eq(serials.serial, code));
    expect((await verify(code, newIp())).body).toMatchObject({
      status: 'This serial number has been blocked',
      attempts: 5,
      attempts_left: 0,
    });
  });

  it('reads O as 0 and I or L as 1, as Crockford base32 does', async () => {
    const data = 'AB0CD1EF1GH';
    const code = data + checkCharacter(data);
    await t.database.db.insert(serials).values({ serial: code, cardId: await cardIdOf('IC-CLS-MB') });
    const typed = `abOcdIefLgh${checkCharacter(data)}`;
    expect((await verify(typed, newIp())).body).toMatchObject({
      valid: true,
      serial_number: code,
      attempts: 1,
    });
  });

  it('answers a blocked serial and a known SKU', async () => {
    expect((await verify('W9PX-4XMV-DGHY', newIp())).body).toMatchObject({
      valid: false,
      status: 'This serial number has been blocked',
      serial_number: 'W9PX4XMVDGHY',
      sku: 'IC-EXE-MG',
    });
    const sku = await verify(' ic-cls-mb ', newIp());
    expect(sku).toMatchObject({
      status: 200,
      body: {
        valid: true,
        status: 'Known product — enter the serial number on your card to verify it',
        serial_number: null,
        sku: 'IC-CLS-MB',
      },
    });
  });

  it('asks for a code when there is none', async () => {
    const blank = await verify('   ', newIp());
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ valid: false, status: 'Please enter a serial number or SKU.' });
  });

  it('counts a client’s failed look-ups, refuses every look-up past 5, and leaves other clients alone', async () => {
    const ip = newIp();
    for (let n = 1; n <= 5; n++) {
      const miss = await verify(unregistered(), ip);
      expect(miss).toMatchObject({
        status: 404,
        body: {
          valid: false,
          status: 'Not found',
          serial_number: null,
          sku: null,
          attempts: n,
          attempts_left: 5 - n,
        },
      });
    }
    const limited = await verify(unregistered(), ip);
    expect(limited).toMatchObject({
      status: 429,
      body: {
        valid: false,
        status: 'Too many attempts. Try again later.',
        detail: 'Too many attempts. Try again later.',
        attempts: 5,
        attempts_left: 0,
      },
    });
    // Further look-ups while limited never report past 5 either.
    expect((await verify(unregistered(), ip)).body).toMatchObject({ attempts: 5, attempts_left: 0 });

    // Nor do look-ups that race past the limit together (a script firing codes at once).
    const racer = newIp();
    const raced = await Promise.all(Array.from({ length: 9 }, () => verify(unregistered(), racer)));
    expect(Math.max(...raced.map((answer) => answer.body.attempts as number))).toBe(5);
    expect(raced.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(4);
    // While limited, even a real serial is not looked up: guessing cannot go on.
    expect((await verify('ECD1DD829NKP', ip)).status).toBe(429);
    expect((await verify('ECD1DD829NKP', newIp())).status).toBe(200);
  });

  it('answers a wrong check character as unknown without a query and without counting it', async () => {
    const ip = newIp();
    const good = unregistered();
    const typo = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    for (let i = 0; i < 8; i++) {
      expect(await verify(typo, ip)).toMatchObject({
        status: 404,
        body: { status: 'Not found', attempts: null },
      });
    }
    expect((await verify(unregistered(), ip)).body.attempts).toBe(1);

    // Proof that no query runs: the same answer from an app whose database is gone.
    const broken = await createTestApp();
    await broken.database.close();
    try {
      expect((await verify(typo, newIp(), broken)).status).toBe(404);
      expect((await verify(good, newIp(), broken)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('gives 20 concurrent checks of one serial from 20 clients the counts 1 to 20, no gaps, no repeats', async () => {
    const [row] = await generateBatch(t.database.db, 'IC-EXE-MG', 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify(row?.serial as string, newIp())),
    );
    // The answers show at most 5; the log of checks keeps each check's own count.
    expect(answers.filter((answer) => answer.body.status === 'Verification limit reached')).toHaveLength(15);
    const logged = await t.database.db
      .select({ count: serialVerifications.count })
      .from(serialVerifications)
      .innerJoin(serials, eq(serials.id, serialVerifications.serialId))
      .where(eq(serials.serial, row?.serial as string));
    const counts = logged.map((check) => check.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it.skipIf(!process.env.DATABASE_URL)('shares the failed look-up limit between processes', async () => {
    // Processes sharing a PostgreSQL share SESSION_SECRET too (the config requires it), which keys client ids.
    const env = { SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters!' };
    const one = await createTestApp(env);
    const two = await createTestApp(env, { sameDatabaseAs: one });
    try {
      const ip = newIp();
      for (let n = 1; n <= 5; n++) await verify(unregistered(), ip, n % 2 ? one : two);
      expect((await verify(unregistered(), ip, two)).status).toBe(429);
      expect((await verify(unregistered(), ip, one)).status).toBe(429);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

async function cardIdOf(sku: string): Promise<number> {
  const { cards } = await import('../../db/schema/index.ts');
  const [card] = await t.database.db.select({ id: cards.id }).from(cards).where(eq(cards.sku, sku));
  return card?.id as number;
}

describe('claiming cards', () => {
  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) {
    const response = await request(t, { method, url, body: payload, cookie });
    return { status: response.status, body: response.text ? response.body : undefined };
  }

  it('claims, lists, refuses a second owner, and releases', async () => {
    const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const serial = row?.serial as string;
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    expect((await call('POST', '/api/auth/cards/claim/', undefined, { serial })).status).toBe(401);
    const claimed = await call('POST', '/api/auth/cards/claim/', owner.cookie, {
      serial: formatSerial(serial).toLowerCase(),
    });
    expect(claimed).toMatchObject({
      status: 201,
      body: {
        serial_number: serial,
        sku: 'IC-CLS-MB',
        card_name: 'Classic Intro Card',
        tap_url: `http://shop.test/c/${serial}`,
      },
    });
    expect((await call('POST', '/api/auth/cards/claim/', owner.cookie, { serial })).status).toBe(201);
    expect(await call('POST', '/api/auth/cards/claim/', other.cookie, { serial })).toMatchObject({
      status: 409,
      body: { detail: 'This card has already been claimed by someone else.' },
    });
    expect(
      (await call('GET', '/api/auth/cards/', owner.cookie)).body.map(
        (c: { serial_number: string }) => c.serial_number,
      ),
    ).toEqual([serial]);
    expect((await call('GET', '/api/auth/cards/', other.cookie)).body).toEqual([]);
    expect((await call('DELETE', `/api/auth/cards/${serial}/`, other.cookie)).status).toBe(404);
    expect((await call('DELETE', `/api/auth/cards/${serial}/`, owner.cookie)).status).toBe(204);
    expect((await call('POST', '/api/auth/cards/claim/', other.cookie, { serial })).status).toBe(201);
  });

  it('counts a wrong serial before looking it up: of 20 concurrent misses exactly 10 are looked up; claims that succeed do not count', async () => {
    const user = await signedInUser(t);
    const cards = await generateBatch(t.database.db, 'IC-CLS-MB', 12);
    for (const card of cards) {
      expect(
        (await call('POST', '/api/auth/cards/claim/', user.cookie, { serial: card.serial })).status,
      ).toBe(201);
    }
    const misses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/auth/cards/claim/', user.cookie, { serial: unregistered() }),
      ),
    );
    const statuses = misses.map((miss) => miss.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('never locks a user out for claims of their own cards, however many ran at once', async () => {
    const user = await signedInUser(t);
    const cards = (await generateBatch(t.database.db, 'IC-CLS-MB', 26)).map((row) => row.serial);
    // More at once than the limit (a Team Pack claimed from a script): some wait their turn, none is a miss.
    const burst = await Promise.all(
      cards.slice(0, 24).map((serial) => call('POST', '/api/auth/cards/claim/', user.cookie, { serial })),
    );
    expect(burst.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    expect(burst.filter((answer) => answer.status === 429)).not.toEqual([]);
    // Afterwards the user claims the rest as before.
    for (const serial of cards.slice(24)) {
      expect((await call('POST', '/api/auth/cards/claim/', user.cookie, { serial })).status).toBe(201);
    }
  });

  it('refuses a malformed, unknown or blocked serial', async () => {
    const user = await signedInUser(t);
    expect(await call('POST', '/api/auth/cards/claim/', user.cookie, { serial: 'hello' })).toMatchObject({
      status: 400,
      body: { detail: 'Enter the 12-character serial number printed on your card.' },
    });
    expect((await call('POST', '/api/auth/cards/claim/', user.cookie, {})).status).toBe(400);
    expect(
      await call('POST', '/api/auth/cards/claim/', user.cookie, { serial: unregistered() }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'No card has this serial number.' },
    });
    expect(
      await call('POST', '/api/auth/cards/claim/', user.cookie, { serial: 'W9PX4XMVDGHY' }),
    ).toMatchObject({
      status: 409,
      body: { detail: 'This card has been blocked and cannot be claimed.' },
    });
  });
});

describe('batches', () => {
  it('generates random serials for a SKU as CSV, and imports a clean file', async () => {
    const rows = await generateBatch(t.database.db, 'IC-EXE-MG', 25);
    expect(new Set(rows.map((row) => row.serial)).size).toBe(25);
    const csv = batchCsv(rows, 'http://shop.test');
    expect(csv.split('\n')[0]).toBe('serial,sku,tap_url');
    expect(csv.split('\n')[1]).toBe(`${rows[0]?.serial},IC-EXE-MG,http://shop.test/c/${rows[0]?.serial}`);
    await expect(generateBatch(t.database.db, 'NO-SUCH-SKU', 1)).rejects.toThrow(
      'No card has the SKU NO-SUCH-SKU.',
    );
    await expect(generateBatch(t.database.db, 'IC-EXE-MG', 0)).rejects.toThrow(/1 to 10000/);

    const fresh = [generateSerial(), generateSerial()];
    expect(
      await importBatch(
        t.database.db,
        `SKU, Serial\nIC-CLS-MB,${formatSerial(fresh[0] as string)}\nIC-CLS-MB,${fresh[1]}\n`,
      ),
    ).toBe(2);
    const stored = await t.database.db.select().from(serials).where(inArray(serials.serial, fresh));
    expect(stored).toHaveLength(2);
  });

  it('reports every bad row with its line number and imports nothing of that file', async () => {
    const good = generateSerial();
    const dup = generateSerial();
    const typo = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    const csv = [
      'serial,sku',
      `${good},IC-CLS-MB`,
      `${typo},IC-CLS-MB`,
      `${dup},NOPE`,
      `${dup},IC-CLS-MB`,
      'ECD1DD829NKP,IC-CLS-MB',
      `${generateSerial()},`,
    ].join('\n');
    const error = await importBatch(t.database.db, csv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      `line 3: "${typo}" is not a valid serial number (12 characters with a valid check character).`,
      'line 4: no card has the SKU NOPE.',
      `line 5: ${dup} repeats line 4.`,
      'line 6: ECD1DD829NKP is already registered.',
      'line 7: the SKU is missing.',
    ]);
    expect(await t.database.db.select().from(serials).where(eq(serials.serial, good))).toEqual([]);
    await expect(importBatch(t.database.db, 'code,product\nX,Y\n')).rejects.toThrow(/header must name/);
    await expect(importBatch(t.database.db, '')).rejects.toThrow(/no rows/);
    await expect(importBatch(t.database.db, 'serial,sku\n"unclosed,IC\n')).rejects.toBeInstanceOf(
      ImportError,
    );
  });

  it('works from the command line: npm run serials -- generate / import', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'serials-cli-'));
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/serials.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      });
    try {
      const generated = await run(['generate', '--sku', 'IC-CLS-MB', '--count', '3']);
      const lines = generated.stdout.trim().split('\n');
      expect(lines[0]).toBe('serial,sku,tap_url');
      expect(lines).toHaveLength(4);
      expect(generated.stderr).toContain('Generated 3 serials for IC-CLS-MB.');
      const bad = path.join(dataDir, 'bad.csv');
      await writeFile(bad, `serial,sku\n${generateSerial()},IC-CLS-MB\nnot-a-serial,IC-CLS-MB\n`);
      const failed = await run(['import', bad]).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain(
        'Nothing was imported:\nline 3: "not-a-serial"',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
