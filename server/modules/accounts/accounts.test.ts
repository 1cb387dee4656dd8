import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAdmin } from './service.ts';

let t: TestApp;
let smtp: SmtpCapture;
let ipCounter = 1;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each test gets its own client address so the per-address limits do not leak between tests. */
function newIp(): string {
  ipCounter++;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

async function post(
  url: string,
  body: object | undefined,
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await request(t, {
    method: 'POST',
    url,
    body,
    remoteAddress: options.ip ?? '127.0.0.1',
    cookie: options.cookie,
    headers: options.headers,
  });
  return {
    status: response.status,
    body: response.body,
    cookies: response.cookies,
    headers: response.headers,
  };
}

async function get(url: string, cookie?: string) {
  const response = await request(t, { url, cookie });
  return { status: response.status, body: response.body };
}

let emailCounter = 0;
function newEmail(): string {
  emailCounter++;
  return `user${emailCounter}.${Date.now()}@example.test`;
}

const PASSWORD = 'Blue-Harbour-42';

async function registerUser(email = newEmail(), ip = newIp()) {
  const response = await post(
    '/api/auth/register/',
    { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD, password2: PASSWORD },
    { ip },
  );
  return { email, response };
}

/** Registers and activates through the real e-mail; returns the e-mail address. */
async function activeUser(): Promise<string> {
  const { email } = await registerUser();
  const mail = await smtp.waitFor(email);
  const path = new URL(linkIn(mail, '/activate')).pathname;
  expect((await get(`/api/auth${path}/`)).status).toBe(200);
  return email;
}

async function loginCookie(email: string, password = PASSWORD): Promise<string> {
  const response = await post('/api/auth/login/', { email, password }, { ip: newIp() });
  expect(response.status).toBe(200);
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  return `sid=${sid?.value}`;
}

/** The address's registration-mail allowance as it stands ten minutes on. */
async function tenMinutesLater(email: string): Promise<void> {
  await t.database.db
    .update(rateLimits)
    .set({ windowStart: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(rateLimits.key, `mail:registration:${email}`));
}

describe('register and activate', () => {
  it('registers, mails an activation link, activates once, then logs in', async () => {
    const { email, response } = await registerUser();
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ detail: 'Check your email to activate your account.' });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toMatch(/Activate your Nexa Digital account/);
    expect(mail.html).toContain('Activate my account');
    const link = linkIn(mail, '/activate');
    expect(link).toMatch(/^http:\/\/shop\.test\/activate\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}$/);

    // Not active yet: the same answer as a wrong password.
    expect((await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() })).body.detail).toBe(
      'Invalid credentials or unverified account',
    );

    const path = new URL(link).pathname;
    const activated = await get(`/api/auth${path}/`);
    // The activated address comes back, for the login form.
    expect(activated).toEqual({
      status: 200,
      body: { detail: 'Account activated! You can now log in.', email: email.toLowerCase() },
    });
    const again = await get(`/api/auth${path}/`);
    expect(again).toEqual({
      status: 400,
      body: { detail: 'Invalid or expired activation link.', code: 'bad_request' },
    });

    const login = await post(
      '/api/auth/login/',
      { email: email.toUpperCase(), password: PASSWORD },
      { ip: newIp() },
    );
    expect(login.status).toBe(200);
    expect(login.body.detail).toBe('Login successful');
    expect(login.body.user).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', role: 'user' });
    expect(login.body.user.username).toMatch(/^ada-lovelace(-\d+)?$/);
    expect(login.body.user.password_hash).toBeUndefined();
  });

  it.each([
    [
      'tampered token',
      (uid: string, token: string) =>
        `/api/auth/activate/${uid}/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}/`,
    ],
    [
      'other user id',
      (_uid: string, token: string) =>
        `/api/auth/activate/${Buffer.from('999999').toString('base64url')}/${token}/`,
    ],
    ['garbage uid', (_uid: string, token: string) => `/api/auth/activate/!!!/${token}/`],
    ['short token', (uid: string) => `/api/auth/activate/${uid}/abc/`],
  ])('refuses a %s', async (_name, makeUrl) => {
    const { email } = await registerUser();
    const [, , uid = '', token = ''] = new URL(linkIn(await smtp.waitFor(email), '/activate')).pathname.split(
      '/',
    );
    const response = await get(makeUrl(uid, token));
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('Invalid or expired activation link.');
  });

  it.each([
    ['/checkout', '/checkout'],
    ['/cards?page=2', '/cards?page=2'],
    ['https://evil.example/', null],
    ['/.//evil.example', null],
  ])('carries next=%s through the activation link as %s', async (next, carried) => {
    const email = newEmail();
    const response = await post(
      '/api/auth/register/',
      { first_name: 'Bea', last_name: 'Buyer', email, password: PASSWORD, password2: PASSWORD, next },
      { ip: newIp() },
    );
    expect(response.status).toBe(201);
    const link = new URL(linkIn(await smtp.waitFor(email), '/activate'));
    expect(link.searchParams.get('next')).toBe(carried);
  });

  it('a new activation link revokes the old one (login with the right password re-sends, once per 10 minutes)', async () => {
    const { email } = await registerUser();
    const first = linkIn(await smtp.waitFor(email), '/activate');
    // The first mail was just sent: no second one yet.
    await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to === email)).toHaveLength(0);

    // Ten minutes later (simulated), logging in with the right password sends a fresh link.
    await tenMinutesLater(email);
    await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() });
    const second = linkIn(await smtp.waitFor(email), '/activate');
    expect(second).not.toBe(first);
    expect((await get(`/api/auth${new URL(first).pathname}/`)).status).toBe(400);
    expect((await get(`/api/auth${new URL(second).pathname}/`)).status).toBe(200);
  });

  it('answers a taken e-mail exactly like a new one, and tells the owner (once per 10 minutes)', async () => {
    const email = await activeUser();
    // The activation mail used this address's allowance: a registration now mails nothing.
    const fresh = await registerUser();
    const early = await registerUser(email);
    expect([early.response.status, early.response.body]).toEqual([
      fresh.response.status,
      fresh.response.body,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to === email)).toHaveLength(0);

    // Ten minutes later (simulated) the owner hears that someone tried.
    await tenMinutesLater(email);
    const taken = await registerUser(email);
    expect(taken.response.status).toBe(fresh.response.status);
    expect(taken.response.body).toEqual(fresh.response.body);
    const notice = await smtp.waitFor(email);
    expect(notice.subject).toMatch(/Someone tried to register/);
  });

  it.each([
    [{}, 'first_name', 'This field is required.'],
    [
      { first_name: 'A', last_name: 'B', email: 'not-an-email', password: PASSWORD, password2: PASSWORD },
      'email',
      'Enter a valid email address.',
    ],
    [
      { first_name: 'A', last_name: 'B', email: 'a@b.test', password: PASSWORD, password2: 'other-pass-1' },
      'password2',
      'Passwords do not match',
    ],
    [
      { first_name: 'A', last_name: 'B', email: 'a@b.test', password: 'short', password2: 'short' },
      'password',
      'Password must be at least 8 characters.',
    ],
    [
      {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.test',
        password: 'x'.repeat(129),
        password2: 'x'.repeat(129),
      },
      'password',
      'Password must be at most 128 characters.',
    ],
    [
      {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.test',
        password: 'password123',
        password2: 'password123',
      },
      'password',
      'This password is too easy to guess. This is a commonly used password. Use a longer phrase of several unrelated words, or add words only you would choose.',
    ],
    [
      {
        first_name: 'x'.repeat(51),
        last_name: 'B',
        email: 'a@b.test',
        password: PASSWORD,
        password2: PASSWORD,
      },
      'first_name',
      'First name is at most 50 characters.',
    ],
    [
      { first_name: 1, last_name: [], email: {}, password: null, password2: true },
      'first_name',
      'This field is required.',
    ],
  ])('refuses %o naming %s', async (body, field, message) => {
    const response = await post('/api/auth/register/', body, { ip: newIp() });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toContain(message);
  });

  it('refuses a non-JSON or empty body with a 4xx', async () => {
    const empty = await request(t, { method: 'POST', url: '/api/auth/register/' });
    expect(empty.status).toBe(400);
    const text = await request(t, {
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/xml' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
  });

  it('limits registrations per address', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await registerUser(newEmail(), ip)).response.status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('login, sessions and logout', () => {
  it('gives the profile only with a valid session, and logout ends it', async () => {
    const email = await activeUser();
    expect(await get('/api/auth/profile/')).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.', code: 'unauthorized' },
    });
    const cookie = await loginCookie(email);
    const profile = await get('/api/auth/profile/', cookie);
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(email);

    const logout = await post('/api/auth/logout/', undefined, { cookie });
    expect(logout.body).toEqual({ detail: 'Logged out successfully' });
    expect(logout.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(logout.cookies.find((c) => c.name === 'signed_in')?.value).toBe('');
    expect((await get('/api/auth/profile/', cookie)).status).toBe(401);
  });

  it('sets an httpOnly, SameSite=Lax cookie and a new id at each login', async () => {
    const email = await activeUser();
    const first = await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() });
    const sid = first.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.secure).toBeFalsy();
    // The readable hint that a session exists holds no secret.
    expect(first.cookies.find((c) => c.name === 'signed_in')).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(first.cookies.find((c) => c.name === 'signed_in')?.httpOnly).toBeFalsy();
    const second = await post(
      '/api/auth/login/',
      { email, password: PASSWORD },
      { ip: newIp(), cookie: `sid=${sid?.value}` },
    );
    const sid2 = second.cookies.find((c) => c.name === 'sid');
    expect(sid2?.value).not.toBe(sid?.value);
    // The session brought along to the second login is gone.
    expect((await get('/api/auth/profile/', `sid=${sid?.value}`)).status).toBe(401);
    expect((await get('/api/auth/profile/', `sid=${sid2?.value}`)).status).toBe(200);
  });

  it.each(['forged', 'A'.repeat(43), '', `${'A'.repeat(42)}!`])(
    'treats a forged session cookie %s as signed out',
    async (value) => {
      expect((await get('/api/auth/profile/', `sid=${value}`)).status).toBe(401);
    },
  );

  it('treats an expired session as signed out', async () => {
    const email = await activeUser();
    const cookie = await loginCookie(email);
    const { sessions } = await import('../../db/schema/index.ts');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await get('/api/auth/profile/', cookie)).status).toBe(401);
  });

  it('answers unknown e-mail, wrong password and inactive account alike', async () => {
    const active = await activeUser();
    const { email: inactive } = await registerUser();
    await smtp.waitFor(inactive);
    const answers = await Promise.all([
      post('/api/auth/login/', { email: 'nobody@example.test', password: PASSWORD }, { ip: newIp() }),
      post('/api/auth/login/', { email: active, password: 'Wrong-Password-1' }, { ip: newIp() }),
      post('/api/auth/login/', { email: inactive, password: PASSWORD }, { ip: newIp() }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: 'Invalid credentials or unverified account',
        code: 'bad_request',
      });
    }
  });

  it('after 5 wrong passwords the 6th attempt is a 429, even with the right password', async () => {
    const email = await activeUser();
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login/', { email, password: `Wrong-${i}-pass` }, { ip })).status).toBe(
        400,
      );
    }
    const sixth = await post('/api/auth/login/', { email, password: PASSWORD }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toBe('Too many attempts. Try again later.');
    // Another address is not locked out.
    expect((await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() })).status).toBe(200);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'a@b.test' }, 'password'],
    [{ email: 'x'.repeat(300), password: 'x' }, 'email'],
  ])('refuses an incomplete login %o', async (body, field) => {
    const response = await post('/api/auth/login/', body, { ip: newIp() });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBeDefined();
  });
});

describe('cross-site requests', () => {
  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
  ])('refuses a state-changing request with %o', async (headers) => {
    const email = await activeUser();
    const cookie = await loginCookie(email);
    const response = await post('/api/auth/logout/', undefined, { cookie, headers });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe('Cross-site request refused.');
    expect((await get('/api/auth/profile/', cookie)).status).toBe(200);
  });

  it('accepts same-origin requests', async () => {
    const email = await activeUser();
    const ok1 = await post(
      '/api/auth/login/',
      { email, password: PASSWORD },
      { ip: newIp(), headers: { 'sec-fetch-site': 'same-origin' } },
    );
    const ok2 = await post(
      '/api/auth/login/',
      { email, password: PASSWORD },
      { ip: newIp(), headers: { origin: 'http://shop.test' } },
    );
    expect([ok1.status, ok2.status]).toEqual([200, 200]);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link; the link sets a new password once and ends every session', async () => {
    const email = await activeUser();
    const cookie = await loginCookie(email);
    const forgot = await post('/api/auth/forgot-password/', { email }, { ip: newIp() });
    expect(forgot).toMatchObject({
      status: 200,
      body: { detail: 'If account exists, a reset link has been sent.' },
    });
    const link = linkIn(await smtp.waitFor(email), '/reset-password');
    const path = `/api/auth${new URL(link).pathname}/`;

    const mismatch = await post(path, { password: 'New-Harbour-77', confirm_password: 'Other-77-xx' });
    expect(mismatch.body.errors.confirm_password).toEqual(['Passwords do not match']);
    const common = await post(path, { password: 'qwertyuiop', confirm_password: 'qwertyuiop' });
    expect(common.body.errors.password?.[0]).toMatch(/^This password is too easy to guess\. /);

    const reset = await post(path, { password: 'New-Harbour-77', confirm_password: 'New-Harbour-77' });
    expect(reset).toMatchObject({ status: 200, body: { detail: 'Password reset successfully' } });
    const reused = await post(path, { password: 'New-Harbour-78', confirm_password: 'New-Harbour-78' });
    expect(reused).toMatchObject({ status: 400, body: { detail: 'Reset link is invalid or expired' } });

    expect((await get('/api/auth/profile/', cookie)).status).toBe(401);
    expect((await post('/api/auth/login/', { email, password: PASSWORD }, { ip: newIp() })).status).toBe(400);
    expect(
      (await post('/api/auth/login/', { email, password: 'New-Harbour-77' }, { ip: newIp() })).status,
    ).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const email = await activeUser();
    await post('/api/auth/forgot-password/', { email }, { ip: newIp() });
    const link = linkIn(await smtp.waitFor(email), '/reset-password');
    const { userTokens } = await import('../../db/schema/index.ts');
    await t.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await post(`/api/auth${new URL(link).pathname}/`, {
      password: 'New-Harbour-77',
      confirm_password: 'New-Harbour-77',
    });
    expect(response.body.detail).toBe('Reset link is invalid or expired');
  });

  it('an activation link of an account that is already active is refused', async () => {
    const { email } = await registerUser();
    const activation = new URL(linkIn(await smtp.waitFor(email), '/activate')).pathname;
    // The owner resets the password instead, which proves the e-mail and activates the account.
    await post('/api/auth/forgot-password/', { email }, { ip: newIp() });
    const reset = linkIn(await smtp.waitFor(email), '/reset-password');
    await post(`/api/auth${new URL(reset).pathname}/`, {
      password: 'New-Harbour-77',
      confirm_password: 'New-Harbour-77',
    });
    expect((await get(`/api/auth${activation}/`)).body.detail).toBe('Invalid or expired activation link.');
    expect(
      (await post('/api/auth/login/', { email, password: 'New-Harbour-77' }, { ip: newIp() })).status,
    ).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const response = await post(
      '/api/auth/forgot-password/',
      { email: 'ghost@example.test' },
      { ip: newIp() },
    );
    expect(response).toMatchObject({
      status: 200,
      body: { detail: 'If account exists, a reset link has been sent.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to === 'ghost@example.test')).toHaveLength(0);
  });

  it('limits forgot-password requests per address', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/auth/forgot-password/', { email: newEmail() }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('admins', () => {
  it('admin:create makes an active admin, or promotes an account', async () => {
    expect(
      await createAdmin(t.database.db, { email: 'boss@example.test', password: 'Admin-Pass-2026' }),
    ).toBe('created');
    const cookie = await loginCookie('boss@example.test', 'Admin-Pass-2026');
    expect((await get('/api/auth/profile/', cookie)).body.role).toBe('admin');

    const email = await activeUser();
    expect(await createAdmin(t.database.db, { email, password: 'Admin-Pass-2027' })).toBe('promoted');
    const promoted = await loginCookie(email, 'Admin-Pass-2027');
    expect((await get('/api/auth/profile/', promoted)).body.role).toBe('admin');
  });
});
