import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { putProfile as sharedPutProfile, signedInUser, TEST_PASSWORD } from '../../test/users.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ip = 0;
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, cookie?: string) {
  ip++;
  const response = await request(t, {
    method,
    url,
    body,
    cookie,
    remoteAddress: `10.60.${Math.floor(ip / 250)}.${ip % 250}`,
  });
  return { status: response.status, body: response.body };
}

const putProfile = (cookie: string, fields: Record<string, string>) => sharedPutProfile(t, cookie, fields);

const login = (email: string, password = TEST_PASSWORD) =>
  call('POST', '/api/auth/login/', { email, password });
const apiPath = (link: string) =>
  `/api/auth${new URL(link).pathname.replace(/^\/confirm-email/, '/email-change')}/`;

describe('changing the e-mail', () => {
  it('waits for the link mailed to the new address, and tells the old one', async () => {
    const user = await signedInUser(t, { firstName: 'Ada' });
    const asked = await putProfile(user.cookie, {
      email: 'ada.next@example.test',
      current_password: TEST_PASSWORD,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: user.email, pending_email: 'ada.next@example.test' });

    const confirm = await smtp.waitFor('ada.next@example.test');
    expect(confirm.subject).toBe('Confirm your new e-mail for Nexa Digital');
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Your Nexa Digital e-mail is being changed');
    expect(notice.text).toContain('ada.next@example.test');
    expect(linkIn(notice, '/secure-account')).toMatch(/\/secure-account\/[\w-]+\/[\w-]{43}$/);

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await login('ada.next@example.test')).status).toBe(400);
    expect((await login(user.email)).status).toBe(200);

    const link = linkIn(confirm, '/confirm-email');
    const confirmed = await call('POST', apiPath(link));
    expect(confirmed).toMatchObject({
      status: 200,
      body: { detail: 'Your new e-mail is confirmed.', email: 'ada.next@example.test' },
    });
    expect((await call('POST', apiPath(link))).status).toBe(400);
    expect((await login('ada.next@example.test')).status).toBe(200);
    expect((await login(user.email)).status).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'ada.next@example.test', pendingEmail: null });
  });

  it('answers a taken address exactly like a free one; the taken one hears that someone tried', async () => {
    const owner = await signedInUser(t);
    const asker = await signedInUser(t);
    const free = await putProfile(asker.cookie, {
      email: 'free.one@example.test',
      current_password: TEST_PASSWORD,
    });
    const taken = await putProfile(asker.cookie, { email: owner.email, current_password: TEST_PASSWORD });
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(taken.body.pending_email).toBe(owner.email);

    const tried = await smtp.waitFor(owner.email);
    expect(tried.subject).toBe('Someone tried to use your e-mail at Nexa Digital');
    expect(tried.text).not.toMatch(/confirm-email/);
    // The free address's link was revoked by the second request; the taken one never got a link.
    const freeMail = await smtp.waitFor('free.one@example.test');
    expect((await call('POST', apiPath(linkIn(freeMail, '/confirm-email')))).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((mail) => mail.to === owner.email)).toHaveLength(0);
  });

  it('can be cancelled before the link is opened', async () => {
    const user = await signedInUser(t);
    await putProfile(user.cookie, { email: 'changed.mind@example.test', current_password: TEST_PASSWORD });
    const link = linkIn(await smtp.waitFor('changed.mind@example.test'), '/confirm-email');
    const cancelled = await call('DELETE', '/api/auth/email-change/', undefined, user.cookie);
    expect(cancelled).toMatchObject({ status: 200, body: { email: user.email, pending_email: null } });
    expect((await call('POST', apiPath(link))).status).toBe(400);
  });
});

describe("this wasn't me", () => {
  it('ends every session, brings the address back, voids the password and mails a reset link', async () => {
    const user = await signedInUser(t, { firstName: 'Grace' });
    const thief = (await login(user.email)).status;
    expect(thief).toBe(200);
    await putProfile(user.cookie, { email: 'thief@example.test', current_password: TEST_PASSWORD });
    const notice = await smtp.waitFor(user.email, (mail) => mail.subject.includes('being changed'));
    // The thief confirms their address before the owner reads the notice.
    await call('POST', apiPath(linkIn(await smtp.waitFor('thief@example.test'), '/confirm-email')));
    expect((await login('thief@example.test')).status).toBe(200);

    const secureApi = `/api/auth${new URL(linkIn(notice, '/secure-account')).pathname}/`;
    const secured = await call('POST', secureApi);
    expect(secured.status).toBe(200);
    expect(secured.body.detail).toMatch(/^Your account is secured/);
    expect((await call('GET', '/api/auth/profile/', undefined, user.cookie)).status).toBe(401);
    expect((await login('thief@example.test')).status).toBe(400);
    expect((await login(user.email)).status).toBe(400);
    expect((await call('POST', secureApi)).status).toBe(400);

    const reset = await smtp.waitFor(user.email, (mail) => mail.subject.includes('account is secured'));
    const resetApi = `/api/auth${new URL(linkIn(reset, '/reset-password')).pathname}/`;
    const chosen = 'Quiet-Lantern-Meadow-81';
    expect((await call('POST', resetApi, { password: chosen, confirm_password: chosen })).status).toBe(200);
    expect((await login(user.email, chosen)).status).toBe(200);
    const changed = await smtp.waitFor(user.email, (mail) => mail.subject.includes('password was changed'));
    expect(changed.text).toContain('reset with a link');
    expect(linkIn(changed, '/secure-account')).toBeTruthy();
  });

  it('a password changed on the profile is announced to the account address', async () => {
    const user = await signedInUser(t);
    const chosen = 'Amber-Compass-Tundra-64';
    const changed = await putProfile(user.cookie, {
      password: chosen,
      password2: chosen,
      current_password: TEST_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Your Nexa Digital password was changed');
    expect(notice.text).toContain('changed on your profile');
  });
});
