import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, bankLines, orders } from '../../../db/schema/index.ts';
import { insertPendingOrder } from '../../../test/placed-orders.ts';
import { request } from '../../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from '../../../test/users.ts';
import { STATEMENT_LIMITS } from './lines.ts';

let smtp: SmtpCapture;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signedInAdmin(t);
  buyer = await signedInUser(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const upload = (data: Buffer, cookie = admin.cookie, filename = 'statement.xml', origin?: string) => {
  const form = multipart({}, { field: 'file', filename, type: 'application/xml', data });
  return request(t, {
    method: 'POST',
    url: '/api/admin/bank/statements/',
    body: form.payload,
    headers: form.headers,
    cookie,
    ...(origin ? { origin } : {}),
  });
};
const post = (url: string, body?: object, cookie = admin.cookie, origin?: string) =>
  request(t, { method: 'POST', url, body, cookie, ...(origin ? { origin } : {}) });

it('is the admin’s alone: signed out, a customer and another site are refused', async () => {
  expect((await request(t, { url: '/api/admin/bank/' })).status).toBe(401);
  expect((await request(t, { url: '/api/admin/bank/', cookie: buyer.cookie })).status).toBe(403);
  expect((await upload(fixture('day-1.camt053.xml'), buyer.cookie)).status).toBe(403);
  expect((await post('/api/admin/bank/lines/1/ignore/', undefined, buyer.cookie)).status).toBe(403);
  const crossSite = await upload(fixture('day-1.camt053.xml'), admin.cookie, 'x.xml', 'https://evil.test');
  expect(crossSite.status).toBe(403);
  expect(
    (await post('/api/admin/bank/lines/1/ignore/', undefined, admin.cookie, 'https://evil.test')).status,
  ).toBe(403);
  expect((await t.database.db.select().from(bankLines)).length).toBe(0);
});

it('imports a statement, lists what is left, and lets the admin assign a line or set one aside (audited)', async () => {
  const { id } = await insertPendingOrder(t.database.db, buyer.id);
  await t.database.db.update(orders).set({ number: 'NX-7K3M-9Q2P' }).where(eq(orders.id, id));
  const other = await insertPendingOrder(t.database.db, buyer.id);

  const imported = await upload(fixture('day-1.camt053.xml'));
  expect(imported.status).toBe(201);
  expect(imported.body).toMatchObject({ lines: 5, matched: 1, partial: 0, to_assign: 4, debits_skipped: 1 });
  expect(imported.body.detail).toBe(
    '5 lines: 1 matched, 4 to assign, 0 already imported; 1 debit skipped, 1 not yet booked skipped.',
  );

  const overview = await request(t, { url: '/api/admin/bank/', cookie: admin.cookie });
  expect(overview.status).toBe(200);
  expect(overview.headers['cache-control']).toBe('no-store');
  expect(overview.body.to_assign_count).toBe(4);
  expect(overview.body.to_assign[0]).toEqual({
    id: expect.any(Number),
    statement_id: imported.body.statement_id,
    booked_on: '2026-11-27',
    amount: '20.00',
    currency: 'USD',
    counterparty: 'Grace Hopper',
    remittance: 'First part for order nx 4h8t 2w6r, thank you',
    state: 'unmatched',
    order_number: null,
  });
  expect(overview.body.statements).toEqual([
    expect.objectContaining({
      reference: 'EXB-STMT-20261127',
      lines: 5,
      to_assign: 4,
      imported_by: admin.email,
    }),
  ]);

  const [first, second] = overview.body.to_assign;
  const unknown = await post(`/api/admin/bank/lines/${first.id}/assign/`, { order: 'NX-0000-0000' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors.order).toEqual(['No order has this number.']);
  const malformed = await post(`/api/admin/bank/lines/${first.id}/assign/`, { order: 'seven', extra: 1 });
  expect(malformed.status).toBe(400);

  const assigned = await post(`/api/admin/bank/lines/${first.id}/assign/`, {
    order: other.number.toLowerCase().replaceAll('-', ' '),
  });
  expect(assigned.status).toBe(200);
  expect(assigned.body).toMatchObject({ state: 'assigned', order_number: other.number });
  const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, other.id));
  expect(paid?.paidCents).toBe(2000);
  // The buyer hears of both: the line matched by the import and the one the admin assigned.
  for (const number of ['NX-7K3M-9Q2P', other.number]) {
    const receipt = await smtp.waitFor(buyer.email, (mail) => mail.text.includes(`for order ${number}.`));
    expect(receipt.subject).toContain('Payment received');
  }
  expect((await post(`/api/admin/bank/lines/${first.id}/assign/`, { order: other.number })).status).toBe(409);

  const ignored = await post(`/api/admin/bank/lines/${second.id}/ignore/`);
  expect(ignored.status).toBe(200);
  expect(ignored.body).toMatchObject({ state: 'ignored', order_number: null });
  expect((await post(`/api/admin/bank/lines/${second.id}/ignore/`)).status).toBe(409);
  expect((await post('/api/admin/bank/lines/999999/ignore/')).status).toBe(404);

  // Setting aside can be undone, once, and the page lists what was set aside.
  const listed = await request(t, { url: '/api/admin/bank/', cookie: admin.cookie });
  expect(listed.body.set_aside.map((line: { id: number }) => line.id)).toEqual([second.id]);
  expect((await post(`/api/admin/bank/lines/${first.id}/restore/`)).status).toBe(409);
  const restored = await post(`/api/admin/bank/lines/${second.id}/restore/`);
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({ state: 'unmatched', order_number: null });
  expect((await post(`/api/admin/bank/lines/${second.id}/restore/`)).status).toBe(409);
  expect((await post(`/api/admin/bank/lines/${second.id}/restore/`, undefined, buyer.cookie)).status).toBe(
    403,
  );
  const [back] = await t.database.db.select().from(bankLines).where(eq(bankLines.id, second.id));
  expect(back).toMatchObject({ state: 'unmatched', decidedBy: null, decidedAt: null });
  expect((await post(`/api/admin/bank/lines/${second.id}/ignore/`)).status).toBe(200);

  // An amount that would take the order's paid total past a 32-bit integer is refused with words.
  const huge = await insertPendingOrder(t.database.db, buyer.id);
  await t.database.db.update(orders).set({ paidCents: 2_147_483_000 }).where(eq(orders.id, huge.id));
  const [third] = (await request(t, { url: '/api/admin/bank/', cookie: admin.cookie })).body.to_assign;
  const overflow = await post(`/api/admin/bank/lines/${third.id}/assign/`, { order: huge.number });
  expect(overflow.status).toBe(400);
  expect(overflow.body.detail).toBe(
    'This order’s payments would add up to more than the shop can record; check the order number.',
  );

  const audit = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'bank_line'), eq(auditLog.actorId, admin.id)));
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    'bank_line.assign',
    'bank_line.ignore',
    'bank_line.ignore',
    'bank_line.restore',
  ]);
  const [line] = await t.database.db.select().from(bankLines).where(eq(bankLines.id, first.id));
  expect(line).toMatchObject({ decidedBy: admin.id, orderId: other.id });

  const again = await upload(fixture('day-1.camt053.xml'));
  expect(again.status).toBe(201);
  expect(again.body).toMatchObject({ statement_id: null, already_imported: 5 });
});

it('refuses a malformed or oversized file with a clear message, and a form without a file', async () => {
  const broken = await upload(Buffer.from('<Document>\n<BkToCstmrStmt>\n</Document>'));
  expect(broken.status).toBe(400);
  expect(broken.body.detail).toMatch(/^Line 3: the file is not well-formed XML .* Nothing was imported\.$/);
  expect(broken.body.errors.file[0]).toMatch(/^Line 3:/);
  const large = await upload(Buffer.alloc(STATEMENT_LIMITS.maxBytes + 10, 32));
  expect(large.status).toBe(413);
  // Up to the limit a file is read: a statement padded with blank lines to just under it.
  const row = 'date,amount,currency,reference,name,bank_reference\n2026-11-27,1.00,USD,,,PADDED-1\n';
  const padded = Buffer.concat([
    Buffer.from(row),
    Buffer.alloc(STATEMENT_LIMITS.maxBytes - row.length - 1, 10),
  ]);
  const near = await upload(padded, admin.cookie, 'padded.csv');
  expect(near.status, near.text).toBe(201);
  expect(near.body.lines).toBe(1);
  const empty = multipart({});
  const none = await request(t, {
    method: 'POST',
    url: '/api/admin/bank/statements/',
    body: empty.payload,
    headers: empty.headers,
    cookie: admin.cookie,
  });
  expect(none.status).toBe(400);
  expect(none.body.detail).toBe('Choose the statement file (camt.053 XML or CSV).');
  const json = await post('/api/admin/bank/statements/', { file: 'x' });
  expect(json.status).toBe(400);
});
