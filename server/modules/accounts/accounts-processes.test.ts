import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAdmin } from './service.ts';

const opened: TestApp[] = [];
afterAll(async () => {
  // The app that owns the database goes last: it drops it.
  for (const app of opened.reverse()) await app.close();
});

const SECRET = 'a-shared-session-secret-of-at-least-32-chars';

it('a mail server that is down loses no account: registration still answers and the account exists', async () => {
  // Nothing listens on port 9 here: every send fails, and is retried in the background.
  const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  opened.push(t);
  const response = await request(t, {
    method: 'POST',
    url: '/api/auth/register/',
    body: {
      first_name: 'Mo',
      last_name: 'Down',
      email: 'mo@example.test',
      password: 'Mail-Down-2026',
      password2: 'Mail-Down-2026',
    },
  });
  expect(response.status).toBe(201);
  // The account is made just after the answer (register answers before any account-specific work).
  await vi.waitFor(
    async () => {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'mo@example.test'));
      expect(user).toMatchObject({ emailVerifiedAt: null, username: 'mo-down' });
    },
    { timeout: 10_000, interval: 50 },
  );
}, 60_000);

it.runIf(process.env.DATABASE_URL)(
  'a session made by one process works on another sharing the database',
  async () => {
    const one = await createTestApp({ SESSION_SECRET: SECRET });
    opened.push(one);
    const two = await createTestApp({ SESSION_SECRET: SECRET }, { sameDatabaseAs: one });
    opened.push(two);
    await createAdmin(one.database.db, { email: 'multi@example.test', password: 'Multi-Process-1' });

    const login = await request(one, {
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: 'multi@example.test', password: 'Multi-Process-1' },
    });
    const sid = login.cookies.find((cookie) => cookie.name === 'sid')?.value;
    const profile = await request(two, { url: '/api/auth/profile/', cookie: `sid=${sid}` });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe('multi@example.test');

    // Logging out on the second ends it on the first too.
    await request(two, { method: 'POST', url: '/api/auth/logout/', cookie: `sid=${sid}` });
    expect((await request(one, { url: '/api/auth/profile/', cookie: `sid=${sid}` })).status).toBe(401);
  },
);
