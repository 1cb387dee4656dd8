import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PATCH' | 'POST', url: string, cookie: string, payload?: object) {
  return request(t, { method, url, body: payload, cookie, remoteAddress: '10.88.0.1' });
}

it('lists contact messages and marks them handled', async () => {
  const admin = await signedInAdmin(t);
  const sent = await request(t, {
    method: 'POST',
    url: '/api/contact/',
    body: {
      firstName: 'Lena',
      email: 'lena@example.test',
      phoneNumber: '0123456',
      subject: 'Rebrand',
      message: 'Help us.',
    },
    remoteAddress: '10.88.1.1',
  });
  expect(sent.status).toBe(201);
  const list = await call('GET', '/api/admin/leads/?status=new', admin.cookie);
  const lead = list.body.results.find((row: { email: string }) => row.email === 'lena@example.test');
  expect(lead).toMatchObject({ kind: 'contact', subject: 'Rebrand', status: 'new', handled_at: null });

  const handled = await call('PATCH', `/api/admin/leads/${lead.id}/`, admin.cookie, { status: 'handled' });
  expect(handled.body.status).toBe('handled');
  expect(handled.body.handled_at).not.toBeNull();
  expect(
    (await call('GET', '/api/admin/leads/?status=new', admin.cookie)).body.results.some(
      (row: { id: number }) => row.id === lead.id,
    ),
  ).toBe(false);
  expect(
    (await call('GET', '/api/admin/dashboard/?days=7', admin.cookie)).body.leads.at(-1).value,
  ).toBeGreaterThanOrEqual(1);
  const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.status'));
  expect(entry).toMatchObject({ before: { status: 'new' }, after: { status: 'handled' } });
  expect((await call('PATCH', '/api/admin/leads/99999/', admin.cookie, { status: 'handled' })).status).toBe(
    404,
  );
  expect((await call('GET', '/api/admin/dashboard/?days=12', admin.cookie)).status).toBe(400);
});
