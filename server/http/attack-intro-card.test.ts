import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransfer } from '../../app/lib/registry.server.ts';
import { cardTransfers, serials, users } from '../db/schema/index.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { caller, request } from '../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { putProfile, signedInAdmin, signedInUser } from '../test/users.ts';

/**
 * Issue 16's new surface as an attacker sends it, over real HTTP: card life (lost, transfer, accept), the
 * owner's card controls (switches, links), and what a private card or a hidden field may leak.
 */

let t: TestApp;
let smtp: SmtpCapture;
const logged: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url }, { logStream: { write: (line) => logged.push(line) } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = caller(() => t);

async function claimedBy(owner: { cookie: string }): Promise<string> {
  const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  const serial = row?.serial as string;
  expect((await call('POST', '/api/auth/cards/claim/', owner.cookie, { serial })).status).toBe(201);
  return serial;
}

async function offerToken(owner: { cookie: string }, serial: string, to: string): Promise<string> {
  const offered = await call('POST', `/api/auth/cards/${serial}/transfer/`, owner.cookie, { email: to });
  expect(offered.status).toBe(201);
  return linkIn(await smtp.waitFor(to), '/transfer')
    .split('/')
    .at(-1) as string;
}

describe('card life under attack', () => {
  it('a disabled giver’s pending offer can no longer be accepted, nor its page show who offers', async () => {
    const giver = await signedInUser(t, { firstName: 'Gina', lastName: 'Giver' });
    const recipient = await signedInUser(t);
    const serial = await claimedBy(giver);
    const token = await offerToken(giver, serial, recipient.email);

    const admin = await signedInAdmin(t);
    const disabled = await request(t, {
      method: 'PATCH',
      url: `/api/admin/users/${giver.id}/`,
      cookie: admin.cookie,
      body: { disabled: true, reason: 'Fraud report' },
    });
    expect(disabled.status).toBe(200);

    // The link's page no longer shows the offer (or who made it).
    const context = { db: t.database.db, sessions: { userOf: async () => undefined } } as never;
    await expect(loadTransfer(context, token)).rejects.toMatchObject({ init: { status: 404 } });
    const accepted = await call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token });
    expect(accepted).toMatchObject({
      status: 404,
      body: { detail: 'This transfer link is invalid or has expired.' },
    });
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
    expect(row?.claimedBy).toBe(giver.id);
  });

  it('thirty offers fired at once: ten pass the hourly limit, the rest are 429, none is a 500', async () => {
    const owner = await signedInUser(t);
    const serial = await claimedBy(owner);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call('POST', `/api/auth/cards/${serial}/transfer/`, owner.cookie, {
          email: `burst${n}-${owner.id}@example.test`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // One offer per card: the last one written stands.
    const offers = await t.database.db
      .select()
      .from(cardTransfers)
      .where(eq(cardTransfers.fromUserId, owner.id));
    expect(offers).toHaveLength(1);
  });

  it('someone else’s card and an unknown serial answer alike on every card-life call', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const serial = await claimedBy(owner);
    const [unclaimed] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const calls: [Method, string, object?][] = [
      ['POST', 'lost/'],
      ['DELETE', 'lost/'],
      ['POST', 'transfer/', { email: 'friend@example.test' }],
      ['DELETE', 'transfer/'],
      ['DELETE', ''],
    ];
    for (const [method, tail, body] of calls) {
      const foreign = await call(method, `/api/auth/cards/${serial}/${tail}`, stranger.cookie, body);
      const free = await call(method, `/api/auth/cards/${unclaimed?.serial}/${tail}`, stranger.cookie, body);
      const unknown = await call(method, `/api/auth/cards/ABCDEFGHJKMN/${tail}`, stranger.cookie, body);
      expect([foreign.status, foreign.text], `${method} ${tail}`).toEqual([unknown.status, unknown.text]);
      expect([free.status, free.text], `${method} ${tail}`).toEqual([unknown.status, unknown.text]);
      expect(foreign.status).toBe(404);
    }
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
    expect(row).toMatchObject({ claimedBy: owner.id, lostAt: null });
  });

  it('never answers 5xx to bodies and serials a client can send', async () => {
    const owner = await signedInUser(t);
    const serial = await claimedBy(owner);
    const deep = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`);
    const bodies: (object | string)[] = [
      [],
      'null',
      '"text"',
      '123',
      { email: null },
      { email: 42 },
      { email: ['a@example.test'] },
      { email: { $ne: '' } },
      { email: `${'a'.repeat(300)}@example.test` },
      { email: 'a@example.test\r\nBcc: victim@example.test' },
      { email: 'a@example.test', email2: 'b@example.test' },
      { token: null },
      { token: 7 },
      { token: 'x'.repeat(5000) },
      { token: 'A'.repeat(43) },
      { token: '\u0000'.repeat(43) },
      deep,
    ];
    const serialsToTry = [serial, 'x'.repeat(190), '%E2%80%AE', '..%2F..%2Fadmin', ' ', 'ABCD-EFGH-JKMN'];
    const answers: string[] = [];
    for (const body of bodies) {
      for (const url of [`/api/auth/cards/${serial}/transfer/`, '/api/auth/cards/transfers/accept/']) {
        const answer = await call('POST', url, owner.cookie, body);
        answers.push(`${answer.status} POST ${url} ${JSON.stringify(body).slice(0, 60)}`);
      }
    }
    for (const code of serialsToTry) {
      for (const [method, tail] of [
        ['POST', 'lost/'],
        ['DELETE', 'lost/'],
        ['DELETE', 'transfer/'],
        ['POST', 'transfer/'],
      ] as const) {
        const answer = await call(method, `/api/auth/cards/${code}/${tail}`, owner.cookie, {
          email: 'friend@example.test',
        });
        answers.push(`${answer.status} ${method} ${code} ${tail}`);
      }
    }
    expect(answers.filter((line) => line.startsWith('5'))).toEqual([]);
  });

  it('refuses the new writes from another site, and a text/plain body a form could send', async () => {
    const owner = await signedInUser(t);
    const serial = await claimedBy(owner);
    const writes: [Method, string, object][] = [
      ['POST', `/api/auth/cards/${serial}/lost/`, {}],
      ['DELETE', `/api/auth/cards/${serial}/lost/`, {}],
      ['POST', `/api/auth/cards/${serial}/transfer/`, { email: 'csrf@example.test' }],
      ['DELETE', `/api/auth/cards/${serial}/transfer/`, {}],
      ['POST', '/api/auth/cards/transfers/accept/', { token: 'A'.repeat(43) }],
      ['PATCH', '/api/auth/profile/card/', { profile_private: true }],
      ['PUT', '/api/auth/profile/links/', { links: [] }],
    ];
    for (const [method, url, body] of writes) {
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const answer = await request(t, { method, url, cookie: owner.cookie, body, headers });
        expect(answer.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // A cross-site form can post text/plain without a preflight: the calls that read a JSON body must not
    // read it from text/plain (lost and the deletes read none; the origin check above is what guards them).
    for (const [method, url, body] of writes.filter(([, , body]) => Object.keys(body).length > 0)) {
      const plain = await request(t, {
        method,
        url,
        cookie: owner.cookie,
        body: JSON.stringify(body),
        headers: { 'content-type': 'text/plain' },
      });
      expect([400, 415], `${method} ${url} as text/plain`).toContain(plain.status);
    }
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
    expect(row?.lostAt).toBeNull();
    expect(
      await t.database.db.select().from(cardTransfers).where(eq(cardTransfers.fromUserId, owner.id)),
    ).toEqual([]);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(user?.profilePrivate).toBe(false);
  });
});

describe('one-time links in the request log', () => {
  it('logs a transfer link, and every other one-time link, without its token', async () => {
    const token = 'TokenThatMustNotBeLogged0123456789abcdefghi';
    const paths = [
      `/transfer/${token}`,
      `/activate/MQ/${token}`,
      `/reset-password/MQ/${token}`,
      `/confirm-email/MQ/${token}`,
      `/secure-account/MQ/${token}`,
      `/unlock/MQ/${token}`,
      `/api/auth/activate/MQ/${token}/`,
      `/api/auth/unlock/MQ/${token}/`,
      `/api/auth/secure-account/MQ/${token}/`,
    ];
    logged.length = 0;
    for (const url of paths) await request(t, { url });
    const lines = logged.join('');
    for (const url of paths) expect(lines).toContain(url.replace(token, '[token]'));
    expect(lines).not.toContain(token);
  });
});

describe('the owner’s card controls under attack', () => {
  const link = (fields: object = {}) => ({
    title: 'Site',
    url: 'https://example.com',
    icon: null,
    enabled: true,
    ...fields,
  });
  const putLinks = (cookie: string, body: unknown) =>
    call('PUT', '/api/auth/profile/links/', cookie, body as object);

  it('refuses a link whose address is a broken escape (400, not a 500), and keeps the list', async () => {
    const owner = await signedInUser(t);
    expect((await putLinks(owner.cookie, { links: [link()] })).status).toBe(200);
    for (const url of ['mailto:%E0@example.test', 'tel:%E0%A4', 'mailto:%@example.test']) {
      const answer = await putLinks(owner.cookie, { links: [link({ url })] });
      expect(answer, url).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
    }
    const profile = await call('GET', `/api/auth/public-profile/${owner.username}/`);
    expect(profile.body.links).toEqual([
      { id: expect.any(Number), title: 'Site', url: 'https://example.com', icon: null },
    ]);
  });

  it('a mail link cannot add recipients, and no link address can add a line to the vCard', async () => {
    const owner = await signedInUser(t);
    for (const url of [
      'mailto:owner@example.test?bcc=spy@example.test',
      'mailto:owner@example.test?subject=Hi&CC=spy@example.test',
      'mailto:owner@example.test?to=spy@example.test',
      'mailto:owner@example.test,spy@example.test',
      'tel:+12025550100?call=now',
    ]) {
      expect((await putLinks(owner.cookie, { links: [link({ url })] })).status, url).toBe(400);
    }
    const fine = 'mailto:owner@example.test?subject=Hello%20there&body=Hi';
    const injected = 'https://example.com/\r\nEMAIL:spy@example.test';
    const saved = await putLinks(owner.cookie, {
      links: [link({ url: fine }), link({ url: injected })],
    });
    expect(saved.status).toBe(200);
    const vcard = await request(t, { url: `/api/auth/public-profile/${owner.username}/vcard/` });
    expect(vcard.text).not.toMatch(/^EMAIL/m);
    expect(vcard.text).toContain(`URL:${fine}`);
  });

  it('never answers 5xx to link lists and card settings a client can send', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const saved = await putLinks(other.cookie, { links: [link()] });
    const othersId = saved.body.links[0].id as number;
    const linkBodies: unknown[] = [
      null,
      [],
      { links: null },
      { links: {} },
      { links: [null] },
      { links: [link({ id: 2_147_483_648 })] },
      { links: [link({ id: Number.MAX_SAFE_INTEGER })] },
      { links: [link({ id: -1 })] },
      { links: [link({ id: 1.5 })] },
      { links: [link({ id: '1' })] },
      { links: [link({ id: othersId })] },
      { links: [link({ id: othersId }), link({ id: othersId })] },
      { links: [link({ icon: '__proto__' })] },
      { links: [link({ enabled: 'yes' })] },
      { links: [link({ title: '' })] },
      { links: [link({ title: 'x'.repeat(10_000) })] },
      { links: [link({ url: `https://example.com/${'a'.repeat(10_000)}` })] },
      { links: [link({ extra: 1 })] },
      { links: [link()], extra: 1 },
      { links: Array.from({ length: 31 }, (_, n) => link({ title: `Link ${n}` })) },
      { links: Array.from({ length: 5000 }, () => link()) },
      { __proto__: { links: [] } },
    ];
    const cardBodies: unknown[] = [
      null,
      {},
      { public_fields: null },
      { public_fields: 'email' },
      { public_fields: ['password_hash'] },
      { public_fields: ['email', 'email', 'email', 'email', 'email', 'email', 'email'] },
      { public_fields: Array.from({ length: 10_000 }, () => 'email') },
      { profile_private: 'true' },
      { profile_private: null },
      { accent: '__proto__' },
      { accent: 'toString' },
      { accent: 'red; background:url(x)' },
      { role: 'admin' },
      { profile_private: false, email: 'taken@example.test' },
    ];
    const answers: string[] = [];
    for (const body of linkBodies) {
      const answer = await putLinks(owner.cookie, body);
      answers.push(`${answer.status} PUT ${JSON.stringify(body)?.slice(0, 160)}`);
    }
    for (const body of cardBodies) {
      const answer = await call('PATCH', '/api/auth/profile/card/', owner.cookie, body as object);
      answers.push(`${answer.status} PATCH ${JSON.stringify(body)?.slice(0, 80)}`);
    }
    expect(answers.filter((line) => !/^4\d\d /.test(line))).toEqual([]);
    // Nothing of that changed either card.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ role: 'user', profilePrivate: false, accent: 'ocean' });
    expect((await call('GET', `/api/auth/public-profile/${owner.username}/`)).body.links).toEqual([]);
    expect((await call('GET', `/api/auth/public-profile/${other.username}/`)).body.links).toHaveLength(1);
  });

  it('a private card answers a stranger signed in exactly as an unknown name', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    expect(
      (await call('PATCH', '/api/auth/profile/card/', owner.cookie, { profile_private: true })).status,
    ).toBe(200);
    for (const tail of ['', 'vcard/']) {
      const hidden = await request(t, {
        url: `/api/auth/public-profile/${owner.username}/${tail}`,
        cookie: stranger.cookie,
      });
      const unknown = await request(t, {
        url: `/api/auth/public-profile/nobody-${owner.id}/${tail}`,
        cookie: stranger.cookie,
      });
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(unknown.text);
      const same = (answer: typeof hidden) => {
        const { date: _date, 'x-request-id': _id, 'content-security-policy': csp, ...rest } = answer.headers;
        return { ...rest, csp: String(csp).replace(/nonce-[^']+/, 'nonce-X') };
      };
      expect(same(hidden)).toEqual(same(unknown));
    }
    const own = await request(t, {
      url: `/api/auth/public-profile/${owner.username}/`,
      cookie: owner.cookie,
    });
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the preview picture under attack', () => {
  it('draws any name a person can type (scripts the font lacks, emoji, controls, the longest) or says why not, never a 500', async () => {
    const names = [
      '漢字かな 한국어',
      '😀🎉 Party',
      'مرحبا بالعالم',
      '\u202Eevil\u202C Name',
      'Zalgo Z̸̡̛̖̼̙̪͚͔̲̞͔̺̾̂͋̈́͆̓̊́͐̕͘͝a̶l̶g̶o̶',
      '\u0007bell \u001b[31m',
      'W'.repeat(150),
    ];
    const answers: string[] = [];
    for (const name of names) {
      const owner = await signedInUser(t);
      const saved = await putProfile(t, owner.cookie, { first_name: name, job_title: name });
      if (saved.status !== 200) {
        answers.push(`${saved.status} save ${JSON.stringify(name)}`);
        continue;
      }
      const picture = await request(t, { url: `/api/auth/public-profile/${owner.username}/card.png` });
      answers.push(`${picture.status} ${picture.headers['content-type']} ${JSON.stringify(name)}`);
    }
    expect(answers.filter((line) => !/^(200 image\/png|400 save) /.test(line))).toEqual([]);
  });
});
