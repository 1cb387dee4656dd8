import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { request } from './request.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Blue-Harbour-42';

/** An active account, signed in through the real login call; returns its cookie header and ids. */
export async function signedInUser(
  t: TestApp,
  fields: { firstName?: string; lastName?: string; username?: string } = {},
): Promise<{ cookie: string; email: string; username: string; id: number }> {
  const suffix = randomBytes(4).toString('hex');
  const email = `user-${suffix}@example.test`;
  const username = fields.username ?? `user-${suffix}`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstName: fields.firstName ?? 'Test',
      lastName: fields.lastName ?? 'User',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const login = await request(t, {
    method: 'POST',
    url: '/api/auth/login/',
    body: { email, password: TEST_PASSWORD },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const sid = login.cookies.find((cookie) => cookie.name === 'sid')?.value;
  if (!sid || !user) throw new Error(`login failed: ${login.text}`);
  return { cookie: `sid=${sid}`, email, username, id: user.id };
}

/** A multipart/form-data body as browsers send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; type: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An active admin, signed in through the real login call. */
export async function signedInAdmin(t: TestApp): ReturnType<typeof signedInUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = await signedInUser(t, { firstName: 'Ada', lastName: 'Admin', username: `admin-${suffix}` });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return user;
}

/** `PUT /api/auth/profile/` as the profile form sends it (multipart), optionally with a photo. */
export async function putProfile(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string>,
  photo?: { filename: string; type: string; data: Buffer },
) {
  const body = multipart(fields, photo && { field: 'profile_image', ...photo });
  const response = await request(t, {
    method: 'PUT',
    url: '/api/auth/profile/',
    body: body.payload,
    headers: body.headers,
    cookie,
  });
  return { status: response.status, body: response.body, headers: response.headers };
}
