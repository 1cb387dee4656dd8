import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { HEAVY_WORK_MESSAGES } from '../../common/messages/heavy-work.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { multipart } from '../../server/test/users.ts';
import { evaluated, ipv4s, largeNoisyPhoto, tally, tryLogin } from './support/attacker.ts';
import { type MailedServer, registerActiveUser, startMailedServer } from './support/mailed-server.ts';
import { freshPostgresDatabase, hasPostgres, POSTGRES_SERVER_URL } from './support/postgres.ts';

// An attacker's view of sign-in: plain HTTP against the built server, behind a trusted proxy whose
// X-Forwarded-For names the client. The server sends real mail to an SMTP capture.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'Blue-Harbour-42';
const INVALID = 'Invalid credentials or unverified account';
const TOO_MANY = 'Too many attempts. Try again later.';
const LOCKED =
  'Too many failed sign-ins to this account. If it is yours, open the unlock link we e-mailed you, or try again later.';

const newEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.test`;

async function owner(target: MailedServer, name: string): Promise<string> {
  const email = newEmail(name);
  await registerActiveUser(target, { firstName: name, lastName: 'Owner', email, password: PASSWORD });
  return email;
}

test.describe('on the embedded database', () => {
  let target: MailedServer;
  test.beforeAll(async () => {
    target = await startMailedServer({ TRUST_PROXY: '127.0.0.1' });
  });
  test.afterAll(async () => {
    await target?.close();
  });

  test('50 concurrent wrong guesses on one account from one client: exactly 5 are evaluated', async () => {
    const email = await owner(target, 'ada');
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        tryLogin(target.baseUrl, { email, password: 'Wrong-Guess-1' }, { from: '198.51.100.10' }),
      ),
    );
    expect(tally(attempts)).toEqual({ [`400 ${INVALID}`]: 5, [`429 ${TOO_MANY}`]: 45 });
    // The owner, from elsewhere, is not affected by that client's lock.
    expect(
      (await tryLogin(target.baseUrl, { email, password: PASSWORD }, { from: '198.51.100.11' })).status,
    ).toBe(200);
  });

  test('30 addresses × 5 guesses: the account lock stops them at 20, mails the owner once, and the unlock link lets only the owner’s browser in', async () => {
    const email = await owner(target, 'grace');
    const attempts = (
      await Promise.all(
        ipv4s(30, 20).map(async (from) => {
          const mine = [];
          for (let i = 0; i < 5; i++) {
            mine.push(await tryLogin(target.baseUrl, { email, password: `Guess-${from}-${i}` }, { from }));
          }
          return mine;
        }),
      )
    ).flat();
    expect(evaluated(attempts)).toBe(20);
    expect(tally(attempts)).toEqual({ [`400 ${INVALID}`]: 20, [`429 ${LOCKED}`]: 130 });

    const mail = await target.smtp.waitFor(email, (message) => message.subject.includes('paused'));
    const link = linkIn(mail, '/unlock');
    // Even the right password from a new address is refused while the lock holds.
    const attacker = await tryLogin(target.baseUrl, { email, password: PASSWORD }, { from: '203.0.113.50' });
    expect(attacker).toMatchObject({ status: 429, detail: LOCKED });
    expect(target.smtp.messages.filter((message) => message.to === email)).toHaveLength(0);

    // A mail scanner opening the link (GET) does not use it up: the page only shows a button.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unlock sign-in on this device');
    const [uid, token] = new URL(link).pathname.split('/').slice(-2);
    const unlockUrl = `${target.baseUrl}/api/auth/unlock/${uid}/${token}/`;
    const unlock = await fetch(unlockUrl, {
      method: 'POST',
      headers: { origin: target.baseUrl, 'x-forwarded-for': '192.0.2.77' },
    });
    expect(unlock.status).toBe(200);
    expect(((await unlock.json()) as { detail: string }).detail).toBe(
      'Sign-in is unlocked on this device. Log in with your password.',
    );
    const device = unlock.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((cookie) => cookie.startsWith('trusted_device='));
    expect(device).toBeTruthy();

    // The trusted browser still needs the password, then gets in; the attacker stays locked.
    const ownerFrom = { from: '192.0.2.77', cookie: device };
    expect(await tryLogin(target.baseUrl, { email, password: 'Wrong-Again-9' }, ownerFrom)).toMatchObject({
      status: 400,
      detail: INVALID,
    });
    expect((await tryLogin(target.baseUrl, { email, password: PASSWORD }, ownerFrom)).status).toBe(200);
    expect(
      (await tryLogin(target.baseUrl, { email, password: PASSWORD }, { from: '203.0.113.51' })).status,
    ).toBe(429);
    // A forged cookie is no key.
    const value = device?.split('=')[1] ?? '';
    const cut = value.lastIndexOf('.') + 1;
    const forged = `trusted_device=${value.slice(0, cut)}${value[cut] === 'A' ? 'B' : 'A'}${value.slice(cut + 1)}`;
    expect(
      (await tryLogin(target.baseUrl, { email, password: PASSWORD }, { from: '192.0.2.78', cookie: forged }))
        .status,
    ).toBe(429);
    // The link works once.
    const again = await fetch(unlockUrl, { method: 'POST', headers: { origin: target.baseUrl } });
    expect(again.status).toBe(400);
    expect(target.smtp.messages.filter((message) => message.to === email)).toHaveLength(0);
  });

  test('spraying one password over many accounts from one address: 30 are evaluated', async () => {
    const emails = Array.from({ length: 40 }, (_, i) => newEmail(`spray${i}`));
    const attempts = await Promise.all(
      emails.map((email) =>
        tryLogin(target.baseUrl, { email, password: 'Summer-2026!' }, { from: '198.51.100.99' }),
      ),
    );
    expect(tally(attempts)).toEqual({ [`400 ${INVALID}`]: 30, [`429 ${TOO_MANY}`]: 10 });
    // Another address is its own client.
    expect(
      (
        await tryLogin(
          target.baseUrl,
          { email: emails[0] ?? '', password: 'x-Summer-2026' },
          { from: '198.51.100.98' },
        )
      ).status,
    ).toBe(400);
  });

  test('IPv6 behind the proxy: one /64 is one client, the next /64 another', async () => {
    const email = await owner(target, 'hedy');
    const guess = (from: string) => tryLogin(target.baseUrl, { email, password: 'Wrong-Guess-6' }, { from });
    for (let i = 1; i <= 5; i++) expect((await guess(`2001:db8::${i}`)).status).toBe(400);
    expect(await guess('2001:db8::ffff')).toMatchObject({ status: 429, detail: TOO_MANY });
    expect(await guess('2001:db8::abcd:1234')).toMatchObject({ status: 429, detail: TOO_MANY });
    expect((await guess('2001:db8:0:1::1')).status).toBe(400);
    // IPv4 counts by the whole address, however it is written.
    for (let i = 0; i < 5; i++) expect((await guess('203.0.113.9')).status).toBe(400);
    expect((await guess('::ffff:203.0.113.9')).status).toBe(429);
    expect((await guess('203.0.113.10')).status).toBe(400);
  });

  test('8 parallel large photo uploads from one user: a few are processed one by one, the rest are told to wait for their own, sign-in still works', async () => {
    const email = await owner(target, 'mary');
    const signedIn = await tryLogin(target.baseUrl, { email, password: PASSWORD }, { from: '192.0.2.200' });
    const cookie = signedIn.cookies.find((value) => value.startsWith('sid=')) ?? '';
    const large = await largeNoisyPhoto();
    const uploads = Array.from({ length: 8 }, async () => {
      const form = multipart(
        {},
        { field: 'profile_image', filename: 'big.jpg', type: 'image/jpeg', data: large },
      );
      const answer = await fetch(`${target.baseUrl}/api/auth/profile/`, {
        method: 'PUT',
        headers: { cookie, origin: target.baseUrl, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      return {
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body: (await answer.json()) as { detail?: string },
      };
    });
    const other = await owner(target, 'lise');
    expect(
      (await tryLogin(target.baseUrl, { email: other, password: PASSWORD }, { from: '192.0.2.201' })).status,
    ).toBe(200);
    const answers = await Promise.all(uploads);
    // The heavy-work queue takes at most four tasks of one owner at a time (decision 036): the rest are a
    // 429 for this user only, before any work.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(4);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ retryAfter: '5', body: { detail: HEAVY_WORK_MESSAGES.yourTurn } });
  });
});

test.describe('on PostgreSQL, two worker processes sharing the counters', () => {
  let target: MailedServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  test.afterAll(async () => {
    await target?.close();
    await drop?.();
  });

  test('concurrent guesses spread over both workers: still exactly the limits are evaluated', async () => {
    test.skip(!(await hasPostgres()), `no PostgreSQL at ${POSTGRES_SERVER_URL}`);
    const database = await freshPostgresDatabase('e2e_throttle');
    drop = database.drop;
    target = await startMailedServer({
      DATABASE_URL: database.url,
      WORKERS: '2',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
    });
    const base = target.baseUrl;
    const workers = new Set<string>();
    await expect
      .poll(
        async () => {
          for (let i = 0; i < 6; i++) {
            const answer = await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
            workers.add(((await answer.json()) as { worker: string }).worker);
          }
          return workers.size;
        },
        { timeout: 30_000 },
      )
      .toBe(2);

    const email = await owner(target, 'barbara');
    const sameClient = await Promise.all(
      Array.from({ length: 50 }, () =>
        tryLogin(base, { email, password: 'Wrong-Guess-1' }, { from: '198.51.100.10' }),
      ),
    );
    expect(tally(sameClient)).toEqual({ [`400 ${INVALID}`]: 5, [`429 ${TOO_MANY}`]: 45 });

    const rotating = await Promise.all(
      ipv4s(30, 40).flatMap((from) =>
        Array.from({ length: 5 }, (_, i) => tryLogin(base, { email, password: `Guess-${i}` }, { from })),
      ),
    );
    // 5 of the account's 20 were spent above, from the first client.
    expect(evaluated(rotating)).toBe(15);
    await target.smtp.waitFor(email, (message) => message.subject.includes('paused'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(target.smtp.messages.filter((message) => message.to === email)).toHaveLength(0);
  });
});
