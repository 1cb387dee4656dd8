import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serials, serialVerifications } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { generateBatch } from '../serials/batches.ts';

/**
 * Issue 18, point 5: a verify count no stranger can burn, over real HTTP (the app on a real port, behind a
 * trusted proxy so that each test picks its client's address with X-Forwarded-For, as a proxy would set it).
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

let clients = 0;
/** A client in a network of its own (a serial's count is one per network). */
const newClient = () => `203.${clients & 255}.${(clients++ >> 8) & 255}.1`;

async function check(serial: string, client: string, headers: Record<string, string> = {}, query = '') {
  const response = await fetch(`${base}/api/verify/?code=${serial}${query}`, {
    headers: { 'x-forwarded-for': client, ...headers },
  });
  return { status: response.status, body: await response.json() };
}

async function freshSerial(): Promise<string> {
  const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  return row?.serial as string;
}

async function countOf(serial: string): Promise<number> {
  const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
  return row?.verificationCount as number;
}

describe('the verify count', () => {
  it('moves by 1 for 100 repeated checks from one client, each answered with the count as it stands', async () => {
    const serial = await freshSerial();
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await check(serial, client));
    expect(await countOf(serial)).toBe(1);
    expect(answers[0]?.body).toMatchObject({ status: 'Genuine product', attempts: 1, counted: true });
    for (const answer of answers.slice(1)) {
      expect(answer).toMatchObject({
        status: 200,
        body: { valid: true, status: 'Genuine product', attempts: 1, attempts_left: 4, counted: false },
      });
    }
    // One logged check, for the firm's history.
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
    const logged = await t.database.db
      .select()
      .from(serialVerifications)
      .where(eq(serialVerifications.serialId, row?.id as number));
    expect(logged.map((entry) => entry.method)).toEqual(['printed']);
  });

  it('moves by 1 for 50 concurrent checks from one client; every answer shows 1/5', async () => {
    const serial = await freshSerial();
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 50 }, () => check(serial, client)));
    expect(await countOf(serial)).toBe(1);
    expect(answers.filter((answer) => answer.body.counted)).toHaveLength(1);
    // Every found answer shows the one count. (Look-ups are counted as misses before they find, so a burst
    // of one client on several connections may meet the failed-look-up limit for its moment: 429, no count.)
    const found = answers.filter((answer) => answer.status === 200);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((answer) => answer.body.attempts))).toEqual(new Set([1]));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(await countOf(serial)).toBe(1);
  });

  it('counts each distinct client once, up to the limit and past it, as the spec words it', async () => {
    const serial = await freshSerial();
    const statuses: string[] = [];
    for (let n = 1; n <= 7; n++) {
      const client = newClient();
      const answer = await check(serial, client);
      statuses.push(`${answer.body.status} ${answer.body.attempts}/5`);
      // The same client at once again changes nothing.
      expect((await check(serial, client)).body).toMatchObject({
        counted: false,
        status: answer.body.status,
      });
    }
    expect(statuses).toEqual([
      'Genuine product 1/5',
      'Genuine product — verified 2 times 2/5',
      'Genuine product — verified 3 times 3/5',
      'Genuine product — verified 4 times 4/5',
      'Genuine product — verified 5 times 5/5',
      'Verification limit reached 5/5',
      'Verification limit reached 5/5',
    ]);
    expect(await countOf(serial)).toBe(7);
  });

  it('never counts a check a browser makes for another site, nor one that asks count=0', async () => {
    const serial = await freshSerial();
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'empty' },
      // An <img> or frame on one of our own pages (say, in user-written content) is not a check anyone asked for.
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
      // Browsers without Fetch Metadata still name the other site in Origin on a cross-origin fetch.
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const answer = await check(serial, newClient(), headers);
      expect(answer, JSON.stringify(headers)).toMatchObject({
        status: 200,
        body: { valid: true, status: 'Genuine product', serial_number: serial, attempts: 0, counted: false },
      });
    }
    expect((await check(serial, newClient(), {}, '&count=0')).body).toMatchObject({ counted: false });
    expect(
      (await check(serial, newClient(), { 'sec-fetch-site': 'same-origin' }, '&count=0')).body,
    ).toMatchObject({ counted: false });
    expect(await countOf(serial)).toBe(0);

    // What does count: our own page's fetch, a typed or scanned link, our own origin, an API client.
    const counting: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
      { origin: 'http://shop.test' },
      {},
    ];
    for (const headers of counting) {
      expect(
        (await check(serial, newClient(), headers, '&count=1')).body.counted,
        JSON.stringify(headers),
      ).toBe(true);
    }
    expect(await countOf(serial)).toBe(4);
  });

  it('refuses a count parameter other than 0 or 1, and unknown parameters change nothing', async () => {
    const serial = await freshSerial();
    const bad = await check(serial, newClient(), {}, '&count=2');
    expect(bad.status).toBe(400);
    expect(await countOf(serial)).toBe(0);
  });

  it('answers a blocked serial, a SKU and an unknown code as before, none of them counted', async () => {
    const client = newClient();
    expect((await check('W9PX4XMVDGHY', client)).body).toMatchObject({
      valid: false,
      status: 'This serial number has been blocked',
      counted: false,
    });
    expect((await check('IC-CLS-MB', client)).body).toMatchObject({
      valid: true,
      sku: 'IC-CLS-MB',
      counted: false,
    });
    const unknown = await check('ZZZZZZZZZZZZ', client);
    expect(unknown.status).toBe(404);
  });
});
