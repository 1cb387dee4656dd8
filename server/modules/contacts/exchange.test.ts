import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../../common/visit-source.ts';
import { sessionSecretOf } from '../../config.ts';
import { cards, exchangedContacts, mailQueue, serials } from '../../db/schema/index.ts';
import { type CardOwner, insertCardOwner } from '../../test/card-owners.ts';
import { request } from '../../test/request.ts';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { signVia } from '../insights/signed-via.ts';
import { generateSerial } from '../registry/serials/serial-code.ts';
import { COPIES_PER_ADDRESS, EXCHANGES_PER_CLIENT, EXCHANGES_PER_OWNER } from './exchange.ts';

let t: TestApp;
let smtp: SmtpCapture;
const owner: CardOwner = {
  username: 'nora-exchange',
  email: 'nora.account@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Nora',
  lastName: 'Nilsson',
  jobTitle: 'Product Lead',
  company: 'Fjord Labs',
  phone: '+46 70 000 11 22',
  // The account e-mail is not public: the owner's mail still goes there, and the copy's card has no e-mail.
  publicFields: ['job_title', 'company', 'phone'],
};
let ownerId: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  ownerId = await insertCardOwner(t.database.db, t.storage, owner);
  await insertCardOwner(t.database.db, t.storage, {
    ...owner,
    username: 'hidden-exchange',
    email: 'hidden.account@example.test',
    isPrivate: true,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ip = 0;
// Each its own network too: a card takes only a share of its allowance from one network.
const nextIp = () => `${10 + Math.floor(++ip / 250)}.${ip % 250}.77.1`;
const exchange = (username: string, body: unknown, extra: { remoteAddress?: string; cookie?: string } = {}) =>
  request(t, {
    method: 'POST',
    url: `/api/auth/public-profile/${username}/exchange/`,
    body: body as object,
    remoteAddress: extra.remoteAddress ?? nextIp(),
    ...(extra.cookie ? { cookie: extra.cookie } : {}),
  });

const person = {
  name: 'Ravi Menon',
  email: 'ravi@example.test',
  phone: '+44 20 7946 0018',
  company: 'Harbour Analytics',
  job_title: 'Data Engineer',
  note: 'We met at the booth: about the pilot in March.',
  consent: true,
};

const rowsOf = (email: string) =>
  t.database.db.select().from(exchangedContacts).where(eq(exchangedContacts.email, email));

/** A vCard read by ical.js (not our own code): property name → the first value of each such property. */
function readVCard(text: string): (name: string) => unknown[] {
  const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  return (name) => card.getAllProperties(name).map((property) => property.getFirstValue());
}

function vcardOf(mail: CapturedMail): (name: string) => unknown[] {
  const files = mail.attachments.filter((file) => file.filename.endsWith('.vcf'));
  expect(files).toHaveLength(1);
  expect(files[0]?.contentType).toBe('text/vcard');
  return readVCard(files[0]?.content ?? '');
}

it('keeps the details, mails the owner at their account address with the person’s .vcf, and the person a copy of what they shared', async () => {
  const response = await exchange(owner.username, person);
  expect(response.status).toBe(201);
  expect(response.body.detail).toBe(
    'Thank you! Nora has your details. If you gave an e-mail address, a copy of what you shared is on its way to you.',
  );
  const [row] = await rowsOf('ravi@example.test');
  expect(row).toMatchObject({
    ownerId,
    name: 'Ravi Menon',
    phone: '+44 20 7946 0018',
    company: 'Harbour Analytics',
    jobTitle: 'Data Engineer',
    note: person.note,
    source: 'link',
    cardSerial: null,
  });

  const toOwner = await smtp.waitFor(owner.email, (mail) => mail.subject.includes('Ravi Menon'));
  expect(toOwner.subject).toBe('Ravi Menon shared their details with you');
  expect(toOwner.replyTo).toBe('ravi@example.test');
  expect(toOwner.text).toContain('Note: We met at the booth');
  expect(toOwner.text).toContain('http://shop.test/profile#contacts');
  const theirs = vcardOf(toOwner);
  expect(theirs('fn')).toEqual(['Ravi Menon']);
  // Family name, then given name: not the whole name as the given name.
  expect(theirs('n')).toEqual([['Menon', 'Ravi', '', '', '']]);
  expect(theirs('email')).toEqual(['ravi@example.test']);
  expect(theirs('tel')).toEqual(['+44 20 7946 0018']);
  expect(theirs('org')).toEqual(['Harbour Analytics']);
  expect(theirs('title')).toEqual(['Data Engineer']);

  const copy = await smtp.waitFor('ravi@example.test');
  expect(copy.subject).toBe('You shared your details with Nora Nilsson');
  expect(copy.text).toContain('Company: Harbour Analytics');
  expect(copy.text).not.toContain('booth');
  expect(copy.html).not.toContain('booth');
  // Nothing of the owner's but their name: the address was never proved (attack-lows.test.ts).
  expect(copy.text).not.toContain('/profile/nora-exchange');
  expect(copy.attachments).toEqual([]);
});

it('keeps the tapped card only when it is one of the owner’s, and a source only when the server signed it', async () => {
  const [card] = await t.database.db.select().from(cards).limit(1);
  if (!card) throw new Error('no card in the catalogue');
  const mine = generateSerial();
  const someoneElses = generateSerial();
  await t.database.db.insert(serials).values([
    { serial: mine, cardId: card.id, claimedBy: ownerId, claimedAt: new Date() },
    { serial: someoneElses, cardId: card.id },
  ]);
  const via = (visit: Visit) => signVia(sessionSecretOf(t.config), owner.username, visit);
  await exchange(owner.username, {
    ...person,
    email: 'tap@example.test',
    via: via({ source: 'tap', card: mine }),
  });
  await exchange(owner.username, {
    ...person,
    email: 'other@example.test',
    via: via({ source: 'tap', card: someoneElses }),
  });
  await exchange(owner.username, {
    ...person,
    email: 'qr@example.test',
    via: via({ source: 'qr', card: null }),
  });
  // A source typed in, not signed: a plain link.
  await exchange(owner.username, { ...person, email: 'typed@example.test', via: 'qr' });
  expect((await rowsOf('tap@example.test'))[0]).toMatchObject({ source: 'tap', cardSerial: mine });
  expect((await rowsOf('other@example.test'))[0]).toMatchObject({ source: 'tap', cardSerial: null });
  expect((await rowsOf('qr@example.test'))[0]).toMatchObject({ source: 'qr', cardSerial: null });
  expect((await rowsOf('typed@example.test'))[0]).toMatchObject({ source: 'link', cardSerial: null });
  const mail = await smtp.waitFor(owner.email, (m) => m.text.includes('tap@example.test'));
  expect(mail.text).toContain(`Tap of card ${mine.slice(0, 4)}-${mine.slice(4, 8)}-${mine.slice(8)}`);
});

it('carries no link of the sender’s into the copy, which goes to an address nobody proved', async () => {
  const email = 'link-victim@example.test';
  const response = await exchange(owner.username, {
    ...person,
    name: 'Claim your prize at https://evil.example/win',
    company: 'Visit prize.example today',
    email,
  });
  expect(response.status).toBe(201);
  const copy = await smtp.waitFor(email);
  expect(copy.text).not.toMatch(/evil\.example|prize\.example/);
  expect(copy.html).not.toMatch(/evil\.example|prize\.example/);
  // The owner sees exactly what was typed.
  const toOwner = await smtp.waitFor(owner.email, (m) => m.text.includes('link-victim@example.test'));
  expect(toOwner.text).toContain('Claim your prize at https://evil.example/win');
});

it('mails only the owner when the person gave a phone number alone', async () => {
  const response = await exchange(owner.username, { ...person, name: 'Phone Only', email: '' });
  expect(response.status).toBe(201);
  const mail = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Phone Only'));
  expect(mail.replyTo).toBe('');
  const [row] = await t.database.db
    .select()
    .from(exchangedContacts)
    .where(eq(exchangedContacts.name, 'Phone Only'));
  expect(row).toMatchObject({ email: '', phone: person.phone });
});

describe('refuses, keeping and sending nothing', () => {
  /** Mail about `email` (its copy, or the owner's mail replying to it), queued or already delivered. */
  const mailAbout = async (email: string) => [
    ...(await t.database.db.select().from(mailQueue)).filter(
      (row) => row.toAddress === email || row.replyTo === email,
    ),
    ...smtp.messages.filter((mail) => mail.to === email || mail.replyTo === email),
  ];

  it.each([
    [
      'without consent',
      { ...person, consent: undefined },
      'consent',
      'Tick the box to agree to share your details.',
    ],
    [
      'with consent false',
      { ...person, consent: false },
      'consent',
      'Tick the box to agree to share your details.',
    ],
    ['without a name', { ...person, name: '  ' }, 'name', 'This field is required.'],
    [
      'with neither e-mail nor phone',
      { ...person, email: '', phone: '' },
      'email',
      'Enter an e-mail address or a phone number.',
    ],
    ['with a bad e-mail', { ...person, email: 'nope' }, 'email', 'Enter a valid email address.'],
    [
      'with a bad phone',
      { ...person, phone: 'call me' },
      'phone',
      'Enter a phone number: digits, spaces and + ( ) - only.',
    ],
    ['with a long note', { ...person, note: 'x'.repeat(501) }, 'note', 'At most 500 characters.'],
    ['with an unknown field', { ...person, fax: '123' }, '', 'Unknown field: fax.'],
  ])('%s', async (_name, body, field, message) => {
    const email = `refused-${++ip}@example.test`;
    const response = await exchange(owner.username, {
      ...body,
      ...(body.email === person.email ? { email } : {}),
    });
    expect(response.status).toBe(400);
    if (field) expect(response.body.errors[field]).toEqual([message]);
    else expect(response.body.detail).toBe(message);
    expect(await rowsOf(email)).toEqual([]);
    expect(await mailAbout(email)).toEqual([]);
  });

  it('asks for e-mail or phone on both fields', async () => {
    const response = await exchange(owner.username, { ...person, email: '', phone: '' });
    expect(response.body.errors.phone).toEqual(['Enter an e-mail address or a phone number.']);
  });

  it('answers a filled honeypot like a success', async () => {
    const response = await exchange(owner.username, {
      ...person,
      email: 'bot@example.test',
      website: 'http://spam.example',
    });
    expect(response.status).toBe(201);
    expect(await rowsOf('bot@example.test')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.messages.filter(
        (mail) => mail.to === 'bot@example.test' || mail.text.includes('bot@example.test'),
      ),
    ).toEqual([]);
  });

  it('answers a private card and an unknown name with the page’s 404', async () => {
    for (const name of ['hidden-exchange', 'nobody-at-all', 'Not A Name!']) {
      const response = await exchange(encodeURIComponent(name), { ...person, email: 'lost@example.test' });
      expect(response.status, name).toBe(404);
      expect(response.body.detail).toBe('User not found');
    }
    expect(await rowsOf('lost@example.test')).toEqual([]);
  });

  it('tells the owner their own card takes no details', async () => {
    const me = await signedInUser(t);
    const response = await exchange(
      me.username,
      { ...person, email: 'self@example.test' },
      { cookie: me.cookie },
    );
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe('This is your own card: share it with the people you meet instead.');
    expect(await rowsOf('self@example.test')).toEqual([]);
  });

  it('never answers 500 for junk', async () => {
    const junk: unknown[] = [
      null,
      [],
      'text',
      42,
      { name: { $gt: '' } },
      { ...person, name: ['a'] },
      { ...person, consent: 'yes' },
      { ...person, name: 'a\u0000b' },
    ];
    for (const body of junk) {
      const response = await request(t, {
        method: 'POST',
        url: `/api/auth/public-profile/${owner.username}/exchange/`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextIp(),
      });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('limits', () => {
  it(`takes ${EXCHANGES_PER_CLIENT.max} shares an hour from one client, then refuses with 429 and keeps nothing`, async () => {
    const client = '10.88.0.1';
    // Several cards: one card takes only a few shares from one client.
    const cardsMet = ['met-one', 'met-two'];
    for (const username of cardsMet) {
      await insertCardOwner(t.database.db, t.storage, {
        ...owner,
        username,
        email: `${username}@example.test`,
      });
    }
    for (let i = 0; i < EXCHANGES_PER_CLIENT.max; i++) {
      const response = await exchange(
        cardsMet[i % 2] as string,
        { ...person, email: `client-${i}@example.test` },
        { remoteAddress: client },
      );
      expect(response.status).toBe(201);
    }
    const refused = await exchange(
      'met-two',
      { ...person, email: 'client-over@example.test' },
      { remoteAddress: client },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(
      'You have shared your details many times in the last hour. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsOf('client-over@example.test')).toEqual([]);
  });

  it(`takes ${EXCHANGES_PER_OWNER.max} shares an hour for one card, then refuses with 429 and keeps nothing`, async () => {
    const busy = await insertCardOwner(t.database.db, t.storage, {
      ...owner,
      username: 'busy-stand',
      email: 'busy.account@example.test',
    });
    // Visitors from many networks: one network gets only its share (attack-lows.test.ts).
    const visitor = (i: number) => ({ remoteAddress: `10.${100 + i}.0.1` });
    for (let i = 0; i < EXCHANGES_PER_OWNER.max; i++) {
      const response = await exchange(
        'busy-stand',
        { ...person, email: `fair-${i}@example.test` },
        visitor(i),
      );
      expect(response.status).toBe(201);
    }
    const refused = await exchange(
      'busy-stand',
      { ...person, email: 'fair-over@example.test' },
      visitor(EXCHANGES_PER_OWNER.max),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(
      'This card has received many details in the last hour. Please try again later.',
    );
    expect(await rowsOf('fair-over@example.test')).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(exchangedContacts)
      .where(eq(exchangedContacts.ownerId, busy));
    expect(kept).toHaveLength(EXCHANGES_PER_OWNER.max);
  });

  it(`sends one address at most ${COPIES_PER_ADDRESS.max} copies an hour; the owner still gets every share`, async () => {
    const target = 'stranger@example.test';
    for (let i = 0; i < COPIES_PER_ADDRESS.max + 2; i++) {
      expect((await exchange(owner.username, { ...person, name: `Copy ${i}`, email: target })).status).toBe(
        201,
      );
    }
    for (let i = 0; i < COPIES_PER_ADDRESS.max + 2; i++) {
      await smtp.waitFor(owner.email, (m) => m.subject.startsWith(`Copy ${i} `));
    }
    const copies = () => smtp.messages.filter((mail) => mail.to === target).length;
    await expect.poll(copies, { timeout: 10_000 }).toBe(COPIES_PER_ADDRESS.max);
    // Every share's mail to the owner is out, and no copy beyond the cap follows them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(copies()).toBe(COPIES_PER_ADDRESS.max);
  });
});
