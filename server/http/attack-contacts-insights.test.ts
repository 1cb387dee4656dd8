import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPIES_PER_ADDRESS, EXCHANGES_PER_OWNER_CLIENT } from '../modules/contacts/exchange.ts';
import { type CardOwner, insertCardOwner } from '../test/card-owners.ts';
import { insertContacts } from '../test/exchanged-contacts.ts';
import { request } from '../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';

/**
 * Issue 17's new surface as an attacker sends it, over real HTTP: the exchange form (and the copy it mails to
 * an address nobody proved), the owner's contacts, and the insights' recording and reading.
 */

let t: TestApp;
let smtp: SmtpCapture;
const owner: CardOwner = {
  username: 'olga-attack',
  email: 'olga.account@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Olga',
  lastName: 'Ortiz',
  publicFields: ['job_title'],
};
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await insertCardOwner(t.database.db, t.storage, owner);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ip = 0;
// Each its own network too: a card takes only a share of its allowance from one network.
const nextIp = () => `${10 + Math.floor(++ip / 250)}.${ip % 250}.91.1`;
const exchange = (username: string, body: object) =>
  request(t, {
    method: 'POST',
    url: `/api/auth/public-profile/${username}/exchange/`,
    body: { name: 'Sam Sender', consent: true, ...body },
    remoteAddress: nextIp(),
  });

/** Every share's mail to the owner is out (the copies are queued with them), and a second more. */
async function settled(shares: number) {
  await expect
    .poll(() => smtp.messages.filter((mail) => mail.to === owner.email).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(shares);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
let shared = 0;

describe('the exchange copy, an e-mail to an address nobody proved', () => {
  it(`one inbox gets at most ${COPIES_PER_ADDRESS.max} copies an hour, however its address is spelt`, async () => {
    const spellings = [
      'victim@example.test',
      'victim+1@example.test',
      'victim+fair@example.test',
      'VICTIM+2@Example.Test',
      'victim+3@example.test',
      'victim+4@example.test',
    ];
    for (const email of spellings) expect((await exchange(owner.username, { email })).status).toBe(201);
    shared += spellings.length;
    await settled(shared);
    const copies = smtp.messages.filter((mail) => /^victim(\+[^@]*)?@example\.test$/i.test(mail.to));
    expect(copies).toHaveLength(COPIES_PER_ADDRESS.max);
  });

  it('a Gmail inbox ignores dots in its name: those spellings share one cap too', async () => {
    const spellings = [
      'j.doe.attack@gmail.com',
      'jdoe.attack@gmail.com',
      'j.d.o.e.attack@googlemail.com',
      'jdoeattack@gmail.com',
      'jd.oeattack+x@gmail.com',
    ];
    for (const email of spellings) expect((await exchange(owner.username, { email })).status).toBe(201);
    shared += spellings.length;
    await settled(shared);
    const copies = smtp.messages.filter((mail) => /@(gmail|googlemail)\.com$/.test(mail.to));
    expect(copies).toHaveLength(COPIES_PER_ADDRESS.max);
  });
});

describe('the exchange copy carries no one’s links', () => {
  it('an owner who names their card “Win at prize.example” and shares it with a stranger’s address sends no link', async () => {
    await insertCardOwner(t.database.db, t.storage, {
      username: 'spammer-card',
      email: 'spammer@example.test',
      password: 'Blue-Harbour-42',
      firstName: 'Win at prize.example',
      lastName: 'https://prize.example/claim',
      publicFields: [],
    });
    // Signed out, the owner is just a visitor of their own card.
    const email = 'stranger.one@example.test';
    expect((await exchange('spammer-card', { email })).status).toBe(201);
    const copy = await smtp.waitFor(email);
    expect(copy.subject).not.toMatch(/prize\.example/);
    expect(copy.text).not.toMatch(/prize\.example/);
    expect(copy.html).not.toMatch(/prize\.example/);
    expect(copy.attachments).toEqual([]);
  });
});

describe('what the copy promises', () => {
  it('a copy says no more than is true: someone who typed the address once may type it again', async () => {
    const email = 'typed.twice@example.test';
    for (const name of ['First Typist', 'Second Typist']) {
      expect((await exchange(owner.username, { name, email })).status).toBe(201);
    }
    const first = await smtp.waitFor(email, (mail) => mail.text.includes('First Typist'));
    const second = await smtp.waitFor(email, (mail) => mail.text.includes('Second Typist'));
    // Both arrived: the first one's "nothing more will be sent" would have been untrue.
    for (const copy of [first, second]) expect(copy.text).not.toMatch(/nothing more will be sent/);
  });
});

it('a share whose via is no source is kept as from a shared link, not refused', async () => {
  const answer = await exchange(owner.username, { email: 'odd.via@example.test', via: 'y'.repeat(300) });
  expect(answer.status).toBe(201);
});

it(`twenty shares fired at once from one client to one card: exactly its share, ${EXCHANGES_PER_OWNER_CLIENT.max}, are kept, the rest are 429`, async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      request(t, {
        method: 'POST',
        url: `/api/auth/public-profile/${owner.username}/exchange/`,
        body: { name: `Burst ${n}`, email: `burst${n}@example.test`, consent: true },
        remoteAddress: '198.51.100.77',
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(EXCHANGES_PER_OWNER_CLIENT.max);
  expect(statuses.filter((status) => status === 429)).toHaveLength(20 - EXCHANGES_PER_OWNER_CLIENT.max);
});

it('exports 10,000 contacts as CSV and .vcf in reasonable time', async () => {
  const busy = await signedInUser(t);
  const seeds = Array.from({ length: 10_000 }, (_, n) => ({
    name: `Contact ${n} Långnamn`,
    company: `Company ${n}`,
    note: 'Met at the fair, line one\nline two',
  }));
  for (let at = 0; at < seeds.length; at += 1000) {
    await insertContacts(t.database.db, busy.id, seeds.slice(at, at + 1000));
  }
  for (const file of ['export.csv', 'export.vcf']) {
    const started = performance.now();
    const answer = await request(t, { url: `/api/auth/contacts/${file}`, cookie: busy.cookie });
    const ms = performance.now() - started;
    expect(answer.status).toBe(200);
    const records = file.endsWith('csv')
      ? answer.text.split('\r\n').length - 2
      : answer.text.split('BEGIN:VCARD').length - 1;
    console.log(
      `${file}: ${records} contacts, ${(answer.raw.length / 1e6).toFixed(1)} MB in ${Math.round(ms)} ms`,
    );
    expect(records).toBe(10_000);
    expect(ms).toBeLessThan(10_000);
  }
}, 60_000);

it('a shared note cannot add a contact of its own to the .vcf export, nor a row to the CSV', async () => {
  const victim = await signedInUser(t);
  const note = 'Hi\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Injected Person\r\nEND:VCARD';
  await insertContacts(t.database.db, victim.id, [
    { name: 'Nadia Note', note },
    { name: 'Quote "Q" \r\nInjected,Row', company: "=cmd|' /C calc'!A0" },
  ]);
  const vcf = await request(t, { url: '/api/auth/contacts/export.vcf', cookie: victim.cookie });
  expect(vcf.text.match(/^BEGIN:VCARD/gm)).toHaveLength(2);
  expect(vcf.text).not.toMatch(/^FN:Injected/m);
  const csv = await request(t, { url: '/api/auth/contacts/export.csv', cookie: victim.cookie });
  const rows = parse(csv.text, { bom: true }) as string[][];
  expect(rows.map((row) => row.length)).toEqual([8, 8, 8]);
  expect(rows.map((row) => row[0])).toEqual(['Name', 'Quote "Q" \r\nInjected,Row', 'Nadia Note']);
  expect(csv.text).toContain(`"'=cmd|' /C calc'!A0"`);
});
