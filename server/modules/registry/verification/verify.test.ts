import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSerial } from '../../../../common/serial-format.ts';
import { serials, serialVerifications } from '../../../db/schema/index.ts';
import { request } from '../../../test/request.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { generateBatch } from '../serials/batches.ts';
import { checkCharacter, generateSerial } from '../serials/serial-code.ts';

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
  const { cards } = await import('../../../db/schema/index.ts');
  const [card] = await t.database.db.select({ id: cards.id }).from(cards).where(eq(cards.sku, sku));
  return card?.id as number;
}
