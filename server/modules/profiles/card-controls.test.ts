import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_URL_RULE, TOO_MANY_LINKS } from '../../../common/messages/profiles.ts';
import { MAX_LINKS } from '../../../common/profile-links.ts';
import { request } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { putProfile, signedInUser } from '../../test/users.ts';

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

type Link = { id?: number; title: string; url: string; icon: string | null; enabled: boolean };

const patchCard = (cookie: string | undefined, body: object) =>
  request(t, { method: 'PATCH', url: '/api/auth/profile/card/', cookie, body });
const putLinks = (cookie: string | undefined, links: Link[]) =>
  request(t, { method: 'PUT', url: '/api/auth/profile/links/', cookie, body: { links } });
const own = async (cookie: string) => (await request(t, { url: '/api/auth/profile/', cookie })).body;
const card = (username: string, cookie?: string) =>
  request(t, { url: `/api/auth/public-profile/${username}/`, cookie });

/** The public vCard, read by an independent parser. */
async function vcard(username: string, cookie?: string) {
  const response = await request(t, { url: `/api/auth/public-profile/${username}/vcard/`, cookie });
  expect(response.status).toBe(200);
  return new ICAL.Component(ICAL.parse(response.text));
}
const urlsOf = (contact: ICAL.Component) =>
  contact.getAllProperties('url').map((url) => ({
    type: url.getParameter('type') ?? null,
    url: String(url.getFirstValue()),
  }));

const FULL = {
  phone: '+44 20 7946 0018',
  company: 'Analytical Engines',
  job_title: 'Programmer',
  bio: 'Notes on the engine',
  location: 'https://maps.example.test/?q=London',
};

describe('a new account', () => {
  it('is told its card page and what it shows, and shows only name, photo and job title', async () => {
    const email = `new-${Date.now()}@example.test`;
    const registered = await request(t, {
      method: 'POST',
      url: '/api/auth/register/',
      body: {
        first_name: 'Ada',
        last_name: 'Byron',
        email,
        password: 'Blue-Harbour-42',
        password2: 'Blue-Harbour-42',
      },
      remoteAddress: '10.66.0.1',
    });
    expect(registered.body).toEqual({ detail: 'Check your email to activate your account.' });
    const mail = await smtp.waitFor(email);
    // The card's address on a line of its own in the text (nothing stuck to it), a link in the HTML.
    const username =
      /^Your card page:\nhttp:\/\/shop\.test\/profile\/([a-z0-9-]+)$/m.exec(mail.text)?.[1] ?? '';
    expect(username).not.toBe('');
    expect(mail.text).toContain(
      `Your card page:\nhttp://shop.test/profile/${username}\n\nIt shows your name, photo and job title until you turn more on.`,
    );
    expect(mail.html).toContain(
      `<a href="http://shop.test/profile/${username}" style="color:#1d4ed8;word-break:break-all">http://shop.test/profile/${username}</a>`,
    );
    await request(t, { url: `/api/auth${new URL(linkIn(mail, '/activate')).pathname}/` });
    const login = await request(t, {
      method: 'POST',
      url: '/api/auth/login/',
      body: { email, password: 'Blue-Harbour-42' },
      remoteAddress: '10.66.0.2',
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(login.body.user).toMatchObject({ username, public_fields: ['job_title'], profile_private: false });
    await putProfile(t, cookie, { ...FULL });

    const shown = await card(username);
    expect(shown.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Byron',
      job_title: 'Programmer',
      email: '',
      phone: '',
      company: '',
      bio: '',
      location: '',
    });
    const contact = await vcard(username);
    expect(contact.getFirstPropertyValue('fn')).toBe('Ada Byron');
    expect(contact.getFirstPropertyValue('title')).toBe('Programmer');
    for (const hidden of ['email', 'tel', 'org', 'note', 'url']) {
      expect(contact.getFirstProperty(hidden), hidden).toBeNull();
    }
  });
});

describe('PATCH /api/auth/profile/card/', () => {
  it('turns each field on and off in the API and the vCard at once', async () => {
    const user = await signedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    await putProfile(t, user.cookie, FULL);
    const on = await patchCard(user.cookie, {
      public_fields: ['email', 'phone', 'company', 'job_title', 'location', 'bio'],
    });
    expect(on.status).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    expect((await card(user.username)).body).toMatchObject({ ...FULL, email: user.email });
    let contact = await vcard(user.username);
    expect(contact.getFirstPropertyValue('email')).toBe(user.email);
    expect(contact.getFirstPropertyValue('tel')).toBe(FULL.phone);
    expect(contact.getFirstPropertyValue('org')).toBe(FULL.company);
    expect(contact.getFirstPropertyValue('note')).toBe(FULL.bio);

    const off = await patchCard(user.cookie, { public_fields: ['phone'] });
    expect(off.body.public_fields).toEqual(['phone']);
    expect((await card(user.username)).body).toMatchObject({
      phone: FULL.phone,
      email: '',
      company: '',
      job_title: '',
      bio: '',
      location: '',
    });
    contact = await vcard(user.username);
    expect(contact.getFirstPropertyValue('tel')).toBe(FULL.phone);
    for (const hidden of ['email', 'org', 'title', 'note'])
      expect(contact.getFirstProperty(hidden), hidden).toBeNull();
    // The owner still has every field.
    expect(await own(user.cookie)).toMatchObject({ ...FULL, email: user.email });
  });

  it('changes the accent, and refuses unknown fields, unknown values, an empty change and a stranger', async () => {
    const user = await signedInUser(t);
    expect((await patchCard(user.cookie, { accent: 'plum' })).body.accent).toBe('plum');
    expect((await card(user.username)).body.accent).toBe('plum');
    for (const body of [
      { show_email: true },
      { public_fields: ['password_hash'] },
      { accent: '#ff0000' },
      { profile_private: 'yes' },
      {},
    ]) {
      const response = await patchCard(user.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await patchCard(user.cookie, { show_email: true })).body.errors.show_email).toEqual([
      'Unknown field.',
    ]);
    expect((await patchCard(undefined, { accent: 'teal' })).status).toBe(401);
    expect(await own(user.cookie)).toMatchObject({ accent: 'plum', public_fields: ['job_title'] });
  });
});

describe('PUT /api/auth/profile/links/', () => {
  it('adds, edits, reorders, switches off and deletes links; the vCard carries the enabled ones as typed URLs', async () => {
    const user = await signedInUser(t);
    const added = await putLinks(user.cookie, [
      { title: 'LinkedIn', url: 'https://linkedin.com/in/test', icon: 'linkedin', enabled: true },
      { title: 'Book a call', url: 'https://cal.example.test/me', icon: 'booking', enabled: true },
      { title: 'Write to me', url: 'mailto:me@example.test', icon: null, enabled: true },
    ]);
    expect(added.status).toBe(200);
    expect(added.headers['cache-control']).toBe('no-store');
    const [linkedin, booking, mail] = added.body.links as Required<Link>[];
    if (!linkedin || !booking || !mail) throw new Error('three links expected');
    expect(added.body.links.map((link: Link) => link.title)).toEqual([
      'LinkedIn',
      'Book a call',
      'Write to me',
    ]);

    let contact = await vcard(user.username);
    expect(urlsOf(contact)).toEqual([
      { type: 'linkedin', url: 'https://linkedin.com/in/test' },
      { type: 'booking', url: 'https://cal.example.test/me' },
      { type: null, url: 'mailto:me@example.test' },
    ]);

    // Reorder, rename one, switch LinkedIn off, drop the mail link.
    const changed = await putLinks(user.cookie, [
      { ...booking, title: 'Book 30 minutes' },
      { ...linkedin, enabled: false },
    ]);
    expect(changed.body.links).toEqual([
      { id: booking.id, title: 'Book 30 minutes', url: booking.url, icon: 'booking', enabled: true },
      { id: linkedin.id, title: 'LinkedIn', url: linkedin.url, icon: 'linkedin', enabled: false },
    ]);
    expect((await own(user.cookie)).links).toEqual(changed.body.links);
    expect((await card(user.username)).body.links).toEqual([
      { id: booking.id, title: 'Book 30 minutes', url: booking.url, icon: 'booking' },
    ]);
    contact = await vcard(user.username);
    expect(urlsOf(contact)).toEqual([{ type: 'booking', url: 'https://cal.example.test/me' }]);
    expect(JSON.stringify(contact.toJSON())).not.toContain('linkedin.com');

    expect((await putLinks(user.cookie, [])).body.links).toEqual([]);
    expect((await card(user.username)).body.links).toEqual([]);
  });

  it('saves two lists sent at once one after the other: the result is one of them, never a mix', async () => {
    const user = await signedInUser(t);
    const list = (name: string) =>
      Array.from({ length: 5 }, (_, i) => ({
        title: `${name} ${i + 1}`,
        url: `https://${name}.example/${i + 1}`,
        icon: null,
        enabled: true,
      }));
    const answers = await Promise.all([putLinks(user.cookie, list('a')), putLinks(user.cookie, list('b'))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const titles = (await own(user.cookie)).links.map((link: Link) => link.title);
    expect([list('a'), list('b')].map((links) => links.map((link) => link.title))).toContainEqual(titles);
  });

  it(`keeps at most ${MAX_LINKS} links`, async () => {
    const user = await signedInUser(t);
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        title: `Link ${i + 1}`,
        url: `https://example.test/${i + 1}`,
        icon: null,
        enabled: true,
      }));
    expect((await putLinks(user.cookie, many(MAX_LINKS))).body.links).toHaveLength(MAX_LINKS);
    const refused = await putLinks(user.cookie, many(MAX_LINKS + 1));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(TOO_MANY_LINKS);
    expect((await own(user.cookie)).links).toHaveLength(MAX_LINKS);
  });

  it('takes only https, http, mailto and tel links', async () => {
    const user = await signedInUser(t);
    await putLinks(user.cookie, [
      { title: 'Site', url: 'https://example.test', icon: 'website', enabled: true },
    ]);
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'ftp://x.example',
      'https://',
    ]) {
      const response = await putLinks(user.cookie, [{ title: 'Bad', url, icon: null, enabled: true }]);
      expect(response.status, url).toBe(400);
      expect(response.body.detail, url).toBe(LINK_URL_RULE);
    }
    for (const url of ['http://example.test', 'mailto:a@example.test', 'tel:+44 20 7946 0018']) {
      expect(
        (await putLinks(user.cookie, [{ title: 'Ok', url, icon: null, enabled: true }])).status,
        url,
      ).toBe(200);
    }
  });

  it('refuses unknown fields and icons, a missing title, and a signed-out caller', async () => {
    const user = await signedInUser(t);
    const base = { title: 'Site', url: 'https://example.test', icon: null, enabled: true };
    for (const links of [
      [{ ...base, position: 3 }],
      [{ ...base, icon: 'myspace' }],
      [{ ...base, title: '' }],
      [{ ...base, enabled: 'yes' }],
    ]) {
      const response = await putLinks(user.cookie, links as Link[]);
      expect(response.status, JSON.stringify(links)).toBe(400);
    }
    const extra = await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/links/',
      cookie: user.cookie,
      body: { links: [], user_id: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.user_id).toEqual(['Unknown field.']);
    expect((await putLinks(undefined, [base])).status).toBe(401);
  });

  it("refuses another user's link id and changes nothing, for either of them", async () => {
    const victim = await signedInUser(t);
    const attacker = await signedInUser(t);
    const [theirs] = (
      await putLinks(victim.cookie, [
        { title: 'Mine', url: 'https://victim.example', icon: null, enabled: true },
      ])
    ).body.links;
    const [mine] = (
      await putLinks(attacker.cookie, [
        { title: 'Attacker', url: 'https://attacker.example', icon: null, enabled: true },
      ])
    ).body.links;

    const stolen = await putLinks(attacker.cookie, [
      { ...theirs, title: 'Hijacked', url: 'https://evil.example' },
    ]);
    expect(stolen.status).toBe(404);
    const unknown = await putLinks(attacker.cookie, [
      { id: 2_000_000_000, title: 'x', url: 'https://x.example', icon: null, enabled: true },
    ]);
    expect(unknown.status).toBe(404);
    const twice = await putLinks(attacker.cookie, [mine, mine]);
    expect(twice.status).toBe(400);

    expect((await own(victim.cookie)).links).toEqual([theirs]);
    expect((await own(attacker.cookie)).links).toEqual([mine]);
    expect((await card(victim.username)).body.links).toEqual([
      { id: theirs.id, title: 'Mine', url: 'https://victim.example', icon: null },
    ]);
  });
});

describe('a private card', () => {
  it('answers 404 to everyone but its owner, page and vCard alike, until it is public again', async () => {
    const owner = await signedInUser(t, { firstName: 'Private', lastName: 'Person' });
    const other = await signedInUser(t);
    const before = await card(owner.username);
    expect(before.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    expect((await patchCard(owner.cookie, { profile_private: true })).body.profile_private).toBe(true);
    for (const cookie of [undefined, other.cookie]) {
      for (const suffix of ['', 'vcard/']) {
        const response = await request(t, {
          url: `/api/auth/public-profile/${owner.username}/${suffix}`,
          cookie,
        });
        expect(response.status, `${cookie ? 'other user' : 'anonymous'} ${suffix}`).toBe(404);
        // The same answer as for a name no one has.
        expect(response.body).toEqual({ detail: 'User not found', code: 'not_found' });
      }
    }
    const mine = await card(owner.username, owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body.first_name).toBe('Private');
    const myVcard = await request(t, {
      url: `/api/auth/public-profile/${owner.username}/vcard/`,
      cookie: owner.cookie,
    });
    expect(myVcard.status).toBe(200);
    expect(myVcard.headers['cache-control']).toBe('private, no-store');

    await patchCard(owner.cookie, { profile_private: false });
    expect((await card(owner.username)).status).toBe(200);
    expect((await card(owner.username, other.cookie)).status).toBe(200);
  });
});
