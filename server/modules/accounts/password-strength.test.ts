import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { putProfile as sharedPutProfile, signedInUser, TEST_PASSWORD } from '../../test/users.ts';

let t: TestApp;
let smtp: SmtpCapture;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const TOO_WEAK = 'This password is too easy to guess.';
const ADVICE = 'Use a longer phrase of several unrelated words, or add words only you would choose.';
const OWN_WORDS = 'It should not contain your name, your e-mail address or "Nexa Digital".';
const weak = (why: string) => `${TOO_WEAK} ${why} ${ADVICE}`;

async function post(url: string, payload: object) {
  ipCounter++;
  const response = await request(t, {
    method: 'POST',
    url,
    body: payload,
    remoteAddress: `10.14.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
  return { status: response.status, body: response.body };
}

const putProfile = (cookie: string, fields: Record<string, string>) => sharedPutProfile(t, cookie, fields);

const canLogIn = async (email: string, password: string) =>
  (await post('/api/auth/login/', { email, password })).status === 200;

describe('register refuses a guessable password', () => {
  const register = (email: string, password: string) =>
    post('/api/auth/register/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password,
      password2: password,
    });

  it.each([
    ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['        ', 'Repeated characters like "aaa" are easy to guess.'],
    ['Nexa Digital', OWN_WORDS],
    ['Ada-Lovelace-1', OWN_WORDS],
    ['ada.lovelace@example.test', OWN_WORDS],
  ])('%j: 400 with advice on the password field, and no account', async (password, why) => {
    const email = `ada.lovelace@example.test`;
    const response = await register(email, password);
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'bad_request', detail: weak(why), errors: { password: [weak(why)] } },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('accepts a phrase of unrelated words', async () => {
    expect((await register('ada.byron@example.test', 'velvet cactus lantern pebble')).status).toBe(201);
  });
});

describe('reset password refuses a guessable password and keeps the link', () => {
  it('judges with the account owner’s name, then accepts a strong one with the same link', async () => {
    const { email } = await signedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    expect((await post('/api/auth/forgot-password/', { email })).status).toBe(200);
    const link = linkIn(await smtp.waitFor(email), '/reset-password');
    const path = `/api/auth${new URL(link).pathname}/`;

    const named = await post(path, { password: 'Grace-Hopper-1', confirm_password: 'Grace-Hopper-1' });
    expect(named).toMatchObject({ status: 400, body: { errors: { password: [weak(OWN_WORDS)] } } });
    const spaces = await post(path, { password: '        ', confirm_password: '        ' });
    expect(spaces.status).toBe(400);

    const strong = 'orbit-tundra-mosaic-lemon';
    expect(await post(path, { password: strong, confirm_password: strong })).toMatchObject({
      status: 200,
      body: { detail: 'Password reset successfully' },
    });
    expect(await canLogIn(email, strong)).toBe(true);
  });
});

describe('profile password change refuses a guessable password', () => {
  it('counts the current name and a name sent with the change, and keeps the old password', async () => {
    const { cookie, email } = await signedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    const change = (password: string, more: Record<string, string> = {}) =>
      putProfile(cookie, { password, password2: password, current_password: TEST_PASSWORD, ...more });

    expect(await change('aaaaaaaa')).toMatchObject({
      status: 400,
      body: { errors: { password: [expect.any(String)] } },
    });
    expect((await change('Grace-Hopper-1')).body.errors.password).toEqual([weak(OWN_WORDS)]);
    const renamed = await change('Katherine-Johnson-1', { first_name: 'Katherine', last_name: 'Johnson' });
    expect(renamed.body.errors.password).toEqual([weak(OWN_WORDS)]);
    expect(await canLogIn(email, TEST_PASSWORD)).toBe(true);

    expect((await change('velvet cactus lantern pebble')).status).toBe(200);
    expect(await canLogIn(email, 'velvet cactus lantern pebble')).toBe(true);
  });
});
