import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, serials } from '../../../db/schema/index.ts';
import { request } from '../../../test/request.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../../test/users.ts';
import { generateSerial } from './serial-code.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) {
  return request(t, { method, url, body: payload, cookie });
}
let ip = 0;
const verify = (code: string) =>
  request(t, { url: `/api/verify/?code=${code}`, remoteAddress: `10.${++ip}.0.77` });

it('generates a batch as a CSV download whose serials verify as genuine', async () => {
  const batch = await call('POST', '/api/admin/serials/batch/', { sku: 'IC-CLS-MB', count: 5 });
  expect(batch.status).toBe(201);
  expect(batch.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(batch.headers['content-disposition']).toMatch(
    /^attachment; filename="serials-ic-cls-mb-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const lines = batch.text.trim().split('\n');
  expect(lines[0]).toBe('serial,sku,tap_url');
  expect(lines).toHaveLength(6);
  const [serial] = (lines[1] ?? '').split(',');
  expect((await verify(String(serial))).body).toMatchObject({
    valid: true,
    status: 'Genuine product',
    attempts: 1,
  });

  const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'serial.batch'));
  expect(entry).toMatchObject({ targetType: 'card', targetId: 'IC-CLS-MB', actorEmail: admin.email });
  expect(entry?.after).toMatchObject({ count: 5, first: serial });

  expect((await call('POST', '/api/admin/serials/batch/', { sku: 'NOPE', count: 5 })).status).toBe(400);
  expect((await call('POST', '/api/admin/serials/batch/', { sku: 'IC-CLS-MB', count: 0 })).status).toBe(400);
  expect((await call('POST', '/api/admin/serials/batch/', { sku: 'IC-CLS-MB', count: 10001 })).status).toBe(
    400,
  );
});

it('imports a CSV all or nothing, reporting each bad row', async () => {
  const good = [generateSerial(), generateSerial()];
  const bad = await call('POST', '/api/admin/serials/import/', {
    csv: `serial,sku\n${good[0]},IC-CLS-MB\nNOT-A-SERIAL,IC-CLS-MB\n${good[1]},NO-SUCH-SKU\n`,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.errors.csv).toHaveLength(2);
  expect(bad.body.errors.csv[0]).toMatch(/^line 3: /);
  expect(
    await t.database.db
      .select()
      .from(serials)
      .where(eq(serials.serial, String(good[0]))),
  ).toHaveLength(0);

  const ok = await call('POST', '/api/admin/serials/import/', {
    csv: `serial,sku\n${good[0]},IC-CLS-MB\n${good[1]},IC-EXE-MG\n`,
  });
  expect(ok.status).toBe(201);
  expect(ok.body).toEqual({ imported: 2, detail: 'Imported 2 serial numbers.' });
  const [imported] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'serial.import'));
  expect(imported).toMatchObject({ actorEmail: admin.email, after: { count: 2 } });
  const again = await call('POST', '/api/admin/serials/import/', {
    csv: `serial,sku\n${good[0]},IC-CLS-MB\n`,
  });
  expect(again.body.errors.csv).toEqual([`line 2: ${good[0]} is already registered.`]);

  // Saved by a spreadsheet: a byte-order mark, then every cell quoted.
  const saved = await call('POST', '/api/admin/serials/import/', {
    csv: `\uFEFF"serial","sku"\r\n"${generateSerial()}","IC-CLS-MB"\r\n`,
  });
  expect(saved.body).toEqual({ imported: 1, detail: 'Imported 1 serial numbers.' });
});

it('searches serials by beginning or SKU, and shows one with its history and who claimed it', async () => {
  const search = await call('GET', '/api/admin/serials/?search=ecd1-dd');
  expect(search.body.results.map((row: { serial: string }) => row.serial)).toEqual(['ECD1DD829NKP']);
  const bySku = await call('GET', '/api/admin/serials/?search=IC-EXE-MG');
  expect(bySku.body.results.every((row: { sku: string }) => row.sku === 'IC-EXE-MG')).toBe(true);
  expect(
    (await call('GET', '/api/admin/serials/?status=blocked')).body.results.map(
      (row: { serial: string }) => row.serial,
    ),
  ).toContain('W9PX4XMVDGHY');

  const owner = await signedInUser(t);
  await request(t, {
    method: 'POST',
    url: '/api/auth/cards/claim/',
    body: { serial: 'AQMT-QR6B-Z5K9' },
    cookie: owner.cookie,
  });
  await verify('AQMTQR6BZ5K9');
  await verify('AQMTQR6BZ5K9');
  const detail = (await call('GET', '/api/admin/serials/aqmt-qr6b-z5k9/')).body;
  expect(detail).toMatchObject({
    serial: 'AQMTQR6BZ5K9',
    display: 'AQMT-QR6B-Z5K9',
    verification_count: 2,
    claimed_by: { id: owner.id, email: owner.email },
  });
  expect(detail.history.map((row: { count: number }) => row.count)).toEqual([2, 1]);
  expect((await call('GET', '/api/admin/serials/?status=claimed')).body.results[0].serial).toBe(
    'AQMTQR6BZ5K9',
  );
  expect((await call('GET', '/api/admin/serials/AAAA-AAAA-AAAA/')).status).toBe(404);
});

it('blocks, unblocks and resets a serial, each in the audit log', async () => {
  const serial = 'TXM6WQCDA7XM';
  for (let i = 0; i < 7; i++) await verify(serial);
  expect(
    (await call('GET', '/api/admin/serials/?status=suspicious')).body.results.map(
      (row: { serial: string }) => row.serial,
    ),
  ).toContain(serial);
  expect((await call('GET', '/api/admin/dashboard/')).body.suspicious_serials).toBeGreaterThanOrEqual(1);

  const blocked = (await call('POST', `/api/admin/serials/${serial}/`, { action: 'block' })).body;
  expect(blocked.status).toBe('blocked');
  expect((await verify(serial)).body.status).toBe('This serial number has been blocked');
  expect((await call('POST', `/api/admin/serials/${serial}/`, { action: 'unblock' })).body.status).toBe(
    'active',
  );
  const reset = (await call('POST', `/api/admin/serials/${serial}/`, { action: 'reset' })).body;
  expect(reset).toMatchObject({ verification_count: 0, suspicious: false });
  expect(reset.history.length).toBeGreaterThanOrEqual(7);
  expect((await verify(serial)).body).toMatchObject({ status: 'Genuine product', attempts: 1 });

  const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, serial));
  expect(entries.map((entry) => entry.action)).toEqual(['serial.block', 'serial.unblock', 'serial.reset']);
  expect(entries[2]?.before).toMatchObject({ verification_count: 7 });
  expect(entries[2]?.after).toMatchObject({ verification_count: 0 });
  expect((await call('POST', `/api/admin/serials/${serial}/`, { action: 'explode' })).status).toBe(400);

  const audit = (await call('GET', `/api/admin/audit/?target_type=serial&target_id=${serial}`)).body;
  expect(audit.results.map((row: { action: string }) => row.action)).toEqual([
    'serial.reset',
    'serial.unblock',
    'serial.block',
  ]);
  // The log says it in words, and that the firm did it.
  expect(audit.results[0]).toMatchObject({
    actor_kind: 'admin',
    what: 'Serial reset',
    changes: ['Verifications: 7 → 0'],
  });
  expect(audit.results[2]).toMatchObject({ what: 'Serial blocked', changes: ['Status: Active → Blocked'] });
});
