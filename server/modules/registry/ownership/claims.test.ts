import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSerial } from '../../../../common/serial-format.ts';
import { caller } from '../../../test/request.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser } from '../../../test/users.ts';
import { generateBatch } from '../serials/batches.ts';
import { generateSerial } from '../serials/serial-code.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('claiming cards', () => {
  const call = caller(() => t);

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
        call('POST', '/api/auth/cards/claim/', user.cookie, { serial: generateSerial() }),
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
      await call('POST', '/api/auth/cards/claim/', user.cookie, { serial: generateSerial() }),
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
