import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatSerial } from '../../../../common/serial-format.ts';
import { auditLog, serialFlags, serials } from '../../../db/schema/index.ts';
import { newSerials, tap } from '../../../test/registry-events.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../../test/users.ts';

let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  user = await signedInUser(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** A real HTTP request, as the admin's browser sends it from the console (same origin) unless told otherwise. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  options: { cookie?: string | undefined; site?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = { 'sec-fetch-site': options.site ?? 'same-origin' };
  const cookie = 'cookie' in options ? options.cookie : admin.cookie;
  if (cookie) headers.cookie = cookie;
  if (options.origin) {
    headers.origin = options.origin;
    delete headers['sec-fetch-site'];
  }
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api/admin${path}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

async function statusOf(codes: string[]) {
  return t.database.db
    .select({ serial: serials.serial, status: serials.status, reason: serials.blockReason })
    .from(serials)
    .where(inArray(serials.serial, codes));
}

it('blocks the serials of a CSV after a preview, each for its reason, with one audit entry each', async () => {
  const [a, b] = (await newSerials(t.database.db, 2)).map((row) => row.serial) as [string, string];
  const csv = `\uFEFFserial,reason,note\n${formatSerial(a)},counterfeit,Seized at the fair\n${b.toLowerCase()},Cloned\n`;

  const preview = await call('POST', '/serials/blocks/', { csv });
  expect(preview.status).toBe(200);
  expect(preview.body).toEqual({
    applied: false,
    rows: [
      {
        line: 2,
        serial: a,
        display: formatSerial(a),
        reason: 'counterfeit',
        note: 'Seized at the fair',
        was: 'active',
      },
      { line: 3, serial: b, display: formatSerial(b), reason: 'cloned', note: '', was: 'active' },
    ],
    detail: '2 serial numbers ready to block.',
  });
  expect((await statusOf([a, b])).every((row) => row.status === 'active')).toBe(true);

  const applied = await call('POST', '/serials/blocks/', { csv, apply: true });
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ applied: true, detail: 'Blocked 2 serial numbers.' });
  expect((await statusOf([a, b])).sort((x, y) => (x.serial === a ? -1 : y.serial === a ? 1 : 0))).toEqual([
    { serial: a, status: 'blocked', reason: 'counterfeit' },
    { serial: b, status: 'blocked', reason: 'cloned' },
  ]);
  const listed = await call('GET', `/serials/?status=blocked&search=${a}`);
  expect(listed.body.results).toMatchObject([{ serial: a, status: 'blocked', block_reason: 'counterfeit' }]);
  const audits = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'serial.block'), inArray(auditLog.targetId, [a, b])));
  expect(audits).toHaveLength(2);
  expect(audits.find((entry) => entry.targetId === a)).toMatchObject({
    actorEmail: admin.email,
    before: { status: 'active', block_reason: null },
    after: { status: 'blocked', block_reason: 'counterfeit', note: 'Seized at the fair', csv_line: 2 },
  });
});

it('refuses the whole file on an unknown reason, an unknown serial or a repeated row, line by line', async () => {
  const [a, b] = (await newSerials(t.database.db, 2)).map((row) => row.serial) as [string, string];
  const [unregistered] = (await newSerials(t.database.db, 1)).map((row) => row.serial) as [string];
  await t.database.db.delete(serials).where(eq(serials.serial, unregistered));
  const refused = await call('POST', '/serials/blocks/', {
    csv: `serial,reason\n${a},stolen\n${b},fell-off-a-truck\n${unregistered},lost\n${a},damaged\nNOT-A-SERIAL,lost\n`,
    apply: true,
  });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe('Nothing was blocked: fix these rows and try again.');
  expect(refused.body.errors.csv).toEqual([
    'line 3: "fell-off-a-truck" is not a reason code (counterfeit, cloned, stolen, lost, damaged, recalled, other).',
    `line 4: ${unregistered} is not a registered serial number.`,
    `line 5: ${a} repeats line 2.`,
    'line 6: "NOT-A-SERIAL" is not a valid serial number (12 characters with a valid check character).',
  ]);
  expect((await statusOf([a, b])).every((row) => row.status === 'active')).toBe(true);
  const noHeader = await call('POST', '/serials/blocks/', { csv: `${a},stolen\n` });
  expect(noHeader.status).toBe(400);
  expect(noHeader.body.errors.csv[0]).toMatch(/^line 1: the header must name/);
});

it('refuses a non-admin, a signed-out visitor and a cross-site request, blocking nothing', async () => {
  const [a] = (await newSerials(t.database.db, 1)).map((row) => row.serial) as [string];
  const csv = `serial,reason\n${a},stolen\n`;
  const body = { csv, apply: true };
  expect((await call('POST', '/serials/blocks/', body, { cookie: user.cookie })).status).toBe(403);
  expect((await call('POST', '/serials/blocks/', body, { cookie: undefined })).status).toBe(401);
  expect((await call('POST', '/serials/blocks/', body, { site: 'cross-site' })).status).toBe(403);
  expect((await call('POST', '/serials/blocks/', body, { origin: 'https://evil.example' })).status).toBe(403);
  expect(
    (await call('POST', `/serials/${a}/block/`, { reason: 'stolen' }, { site: 'cross-site' })).status,
  ).toBe(403);
  expect((await call('GET', `/serials/${a}/signals/`, undefined, { cookie: user.cookie })).status).toBe(403);
  expect(await statusOf([a])).toEqual([{ serial: a, status: 'active', reason: null }]);
});

it("shows a serial's chip, flags and taps, clears a flag and blocks for a reason, all audited", async () => {
  const [row] = await newSerials(t.database.db, 1);
  if (!row) throw new Error('one serial');
  await t.database.db
    .update(serials)
    .set({ sunKeyVersion: 2, chipUid: '04A1B2C3D4E580', sunCounter: 41 })
    .where(eq(serials.id, row.id));
  const when = new Date('2026-11-24T10:02:00Z');
  await tap(t.database.db, row.id, 'replayed', when, { counter: 41, network: 'far', client: 'secret-hash' });
  const [flag] = await t.database.db
    .insert(serialFlags)
    .values({
      serialId: row.id,
      kind: 'replayed_counter',
      detail: 'Counter 41 replayed once, last 2026-11-24 10:02 UTC',
    })
    .returning();

  const signals = await call('GET', `/serials/${formatSerial(row.serial)}/signals/`);
  expect(signals.status).toBe(200);
  expect(signals.body).toMatchObject({
    serial: row.serial,
    status: 'active',
    block_reason: null,
    chip: { secure: true, uid: '04A1B2C3D4E580', key_version: 2, next_key_version: null, counter: 41 },
    flags: [
      {
        id: flag?.id,
        kind: 'replayed_counter',
        detail: 'Counter 41 replayed once, last 2026-11-24 10:02 UTC',
      },
    ],
    taps: [{ kind: 'replayed', at: when.toISOString(), counter: 41 }],
  });
  // No address, nor its hash, leaves the server.
  expect(JSON.stringify(signals.body)).not.toContain('secret-hash');

  const flagged = await call('GET', '/serials/?status=flagged');
  expect(flagged.body.results.map((found: { serial: string }) => found.serial)).toEqual([row.serial]);

  const cleared = await call('POST', `/serials/${row.serial}/flags/${flag?.id}/clear/`);
  expect(cleared.status).toBe(200);
  expect(cleared.body.flags).toEqual([]);
  expect((await call('GET', '/serials/?status=flagged')).body.results).toEqual([]);
  expect((await call('POST', `/serials/${row.serial}/flags/${flag?.id}/clear/`)).status).toBe(404);
  expect((await call('POST', `/serials/${row.serial}/flags/abc/clear/`)).status).toBe(404);

  expect((await call('POST', `/serials/${row.serial}/block/`, { reason: 'nope' })).status).toBe(400);
  const blocked = await call('POST', `/serials/${row.serial}/block/`, { reason: 'cloned', note: 'Replays' });
  expect(blocked.status).toBe(200);
  expect(blocked.body).toMatchObject({ status: 'blocked', block_reason: 'cloned' });
  const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, row.serial));
  expect(entries.map((entry) => entry.action).sort()).toEqual(['serial.block', 'serial.flag_clear']);
  // Unblocked, the reason goes with the block.
  expect((await call('POST', `/serials/${row.serial}/`, { action: 'unblock' })).status).toBe(200);
  expect(await statusOf([row.serial])).toEqual([{ serial: row.serial, status: 'active', reason: null }]);
});
