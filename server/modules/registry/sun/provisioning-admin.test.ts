import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, serials } from '../../../db/schema/index.ts';
import { TEST_SUN_ENV, TEST_SUN_MASTER_KEY_V1, TEST_SUN_MASTER_KEY_V2 } from '../../../test/sun-simulator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../../test/users.ts';
import { cardKeys } from './card-keys.ts';

/** The admin console's batch generation over real HTTP, as the browser's fetch sends it. */
async function served(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return (path: string, cookie: string, body?: object) =>
    fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie,
        origin: t.config.publicUrl,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
}

/** Every key any configured master key gives these serials, upper-case hex. */
function keysOf(serialList: string[]): string[] {
  return serialList.flatMap((serial) =>
    [TEST_SUN_MASTER_KEY_V1, TEST_SUN_MASTER_KEY_V2].flatMap((master) =>
      Object.values(cardKeys(Buffer.from(master, 'hex'), serial)).map((key) =>
        key.toString('hex').toUpperCase(),
      ),
    ),
  );
}

describe('admin batch generation of secure chips', () => {
  let t: TestApp;
  let call: Awaited<ReturnType<typeof served>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(TEST_SUN_ENV);
    call = await served(t);
    cookie = (await signedInAdmin(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the station CSV for secure serials, with no key material anywhere', async () => {
    const answer = await call('/api/admin/serials/batch/', cookie, {
      sku: 'IC-CLS-MB',
      count: 4,
      secure: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="secure-serials-ic-cls-mb-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await answer.text();
    const rows: Array<Record<string, string>> = parse(csv, { columns: true });
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ key_version: '2', file_option: '40', access_rights: '00E0' });
    const made = rows.map((row) => row.serial as string);
    for (const key of keysOf(made)) expect(csv.toUpperCase()).not.toContain(key);
    // Nothing shaped like a key: no 32 hex characters but the zero placeholders and the link's NDEF bytes.
    const withoutLink = rows.map((row) => ({ ...row, ndef_file_data: '', tap_url_template: '' }));
    expect(JSON.stringify(withoutLink)).not.toMatch(/[0-9A-Fa-f]{32}/);

    const stored = await t.database.db.select().from(serials).where(inArray(serials.serial, made));
    expect(stored.map((row) => row.sunKeyVersion)).toEqual([2, 2, 2, 2]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'serial.batch'));
    expect(entry?.after).toMatchObject({ count: 4, sun_key_version: 2 });

    const list = await call('/api/admin/serials/?search=IC-CLS-MB', cookie);
    const text = await list.text();
    for (const key of keysOf(made)) expect(text.toUpperCase()).not.toContain(key);
    const listed = JSON.parse(text).results.find((row: { serial: string }) => row.serial === made[0]);
    expect(listed.secure_chip).toEqual({ uid: null, key_version: 2, rekeying_to: null });
  });

  it('keeps plain batches as they were, and refuses what is not a boolean or not an admin', async () => {
    const plain = await call('/api/admin/serials/batch/', cookie, { sku: 'IC-CLS-MB', count: 1 });
    expect((await plain.text()).split('\n')[0]).toBe('serial,sku,tap_url');
    const loose = await call('/api/admin/serials/batch/', cookie, {
      sku: 'IC-CLS-MB',
      count: 1,
      secure: 'yes',
    });
    expect(loose.status).toBe(400);
    const stranger = (await signedInUser(t)).cookie;
    const refused = await call('/api/admin/serials/batch/', stranger, {
      sku: 'IC-CLS-MB',
      count: 1,
      secure: true,
    });
    expect(refused.status).toBe(403);
  });
});

describe('admin batch generation without a master key', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('refuses secure chips with a clear reason and still makes plain batches', async () => {
    t = await createTestApp();
    const call = await served(t);
    const { cookie } = await signedInAdmin(t);
    const refused = await call('/api/admin/serials/batch/', cookie, {
      sku: 'IC-CLS-MB',
      count: 2,
      secure: true,
    });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.detail).toContain('SUN_MASTER_KEY_V1');
    expect(body.errors.secure[0]).toContain('openssl rand -hex 16');
    const secure = await t.database.db.select().from(serials).where(eq(serials.sunKeyVersion, 2));
    expect(secure).toEqual([]);
    expect((await call('/api/admin/serials/batch/', cookie, { sku: 'IC-CLS-MB', count: 2 })).status).toBe(
      201,
    );
  });
});
