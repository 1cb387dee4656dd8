import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PATCH' | 'POST', url: string, cookie: string, payload?: object) {
  const response = await request(t, { method, url, body: payload, cookie, remoteAddress: '10.88.0.1' });
  return { status: response.status, body: response.body };
}

it('disables an account with a reason, ending its sessions at once, and enables it again', async () => {
  const admin = await signedInAdmin(t);
  const user = await signedInUser(t, { firstName: 'Dora' });
  expect((await call('GET', '/api/auth/profile/', user.cookie)).status).toBe(200);

  const noReason = await call('PATCH', `/api/admin/users/${user.id}/`, admin.cookie, { disabled: true });
  expect(noReason.status).toBe(400);
  const off = await call('PATCH', `/api/admin/users/${user.id}/`, admin.cookie, {
    disabled: true,
    reason: 'Card resold without consent',
  });
  expect(off.body).toMatchObject({
    status: 'disabled',
    email: user.email,
    disabled: { by: admin.email, reason: 'Card resold without consent' },
  });
  expect((await call('GET', '/api/auth/profile/', user.cookie)).status).toBe(401);

  const on = await call('PATCH', `/api/admin/users/${user.id}/`, admin.cookie, { disabled: false });
  expect(on.body).toMatchObject({ status: 'active', disabled: null });
  const entries = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(user.id)))
    .orderBy(auditLog.id);
  expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
    [
      'user.disable',
      admin.email,
      { role: 'user', status: 'active' },
      { role: 'user', status: 'disabled', reason: 'Card resold without consent' },
    ],
    [
      'user.enable',
      admin.email,
      { role: 'user', status: 'disabled', reason: 'Card resold without consent' },
      { role: 'user', status: 'active' },
    ],
  ]);
});

it('never removes the last active admin, even when two admins demote each other at once', async () => {
  await t.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
  const a = await signedInAdmin(t);
  const b = await signedInAdmin(t);
  const results = await Promise.all([
    call('PATCH', `/api/admin/users/${b.id}/`, a.cookie, { role: 'user' }),
    call('PATCH', `/api/admin/users/${a.id}/`, b.cookie, { role: 'user' }),
  ]);
  const statuses = results.map((result) => result.status).sort();
  // The one that waited sees it would remove the last admin (or that it is no longer an admin itself).
  expect(statuses[0]).toBe(200);
  expect([403, 409]).toContain(statuses[1]);
  const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
  expect(admins).toHaveLength(1);

  const [last] = admins;
  const lastCookie = last?.id === a.id ? a.cookie : b.cookie;
  const self = await call('PATCH', `/api/admin/users/${last?.id}/`, lastCookie, { role: 'user' });
  expect(self.status).toBe(409);
  expect(self.body.detail).toBe('This is the last active admin: make another admin first.');
  expect(
    (await call('PATCH', `/api/admin/users/${last?.id}/`, lastCookie, { disabled: true, reason: 'Leaving' }))
      .status,
  ).toBe(409);

  // Promoting someone else makes it possible.
  const other = last?.id === a.id ? b : a;
  expect(
    (await call('PATCH', `/api/admin/users/${other.id}/`, lastCookie, { role: 'admin' })).body.role,
  ).toBe('admin');
  expect((await call('PATCH', `/api/admin/users/${last?.id}/`, lastCookie, { role: 'user' })).status).toBe(
    200,
  );
  const roleChanges = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.role'));
  expect(roleChanges.map((entry) => [entry.targetId, entry.before, entry.after])).toContainEqual([
    String(other.id),
    { role: 'user', status: 'active' },
    { role: 'admin', status: 'active' },
  ]);
  // A demoted admin's next admin call is refused.
  expect((await call('GET', '/api/admin/users/', lastCookie)).status).toBe(403);
});

it('searches users and pages them', async () => {
  const admin = await signedInAdmin(t);
  const user = await signedInUser(t, { firstName: 'Zebedee', lastName: 'Quill' });
  const found = await call('GET', '/api/admin/users/?search=zebedee%20q', admin.cookie);
  expect(found.body.results.map((row: { id: number }) => row.id)).toEqual([user.id]);
  const byEmail = await call(
    'GET',
    `/api/admin/users/?search=${encodeURIComponent(user.email)}`,
    admin.cookie,
  );
  expect(byEmail.body.count).toBe(1);
  const detail = await call('GET', `/api/admin/users/${user.id}/`, admin.cookie);
  expect(detail.body).toMatchObject({
    name: 'Zebedee Quill',
    order_count: 0,
    claimed_cards: 0,
    role: 'user',
  });
  expect(
    (await call('GET', '/api/admin/users/?role=admin', admin.cookie)).body.results.every(
      (row: { role: string }) => row.role === 'admin',
    ),
  ).toBe(true);
  expect((await call('GET', '/api/admin/users/123456789/', admin.cookie)).status).toBe(404);
  expect((await call('PATCH', `/api/admin/users/${user.id}/`, admin.cookie, {})).status).toBe(400);
  expect((await call('PATCH', `/api/admin/users/${user.id}/`, admin.cookie, { role: 'root' })).status).toBe(
    400,
  );
});
