import { execFileSync } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangedContacts, users } from '../../db/schema/index.ts';
import { type ContactSeed, insertContacts } from '../../test/exchanged-contacts.ts';
import { caller, request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { exchangedContactPageSchema } from './responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = caller(() => t);

async function list(cookie: string, query = '') {
  const response = await call('GET', `/api/auth/contacts/${query}`, cookie);
  expect(response.status, response.text).toBe(200);
  return exchangedContactPageSchema.parse(response.body);
}

async function rowsOf(ownerId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ value: count() })
    .from(exchangedContacts)
    .where(eq(exchangedContacts.ownerId, ownerId));
  return row?.value ?? 0;
}

const TAPPED_CARD = 'ECD1DD829NKP';

describe('the list', () => {
  it('is the owner’s contacts, newest first, with where each came from', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    await insertContacts(t.database.db, owner.id, [
      { name: 'Oldest Olsen', source: 'qr' },
      { name: 'Middle Moreau', phone: '+33 6 12 34 56 78', company: 'Moreau SARL', source: 'link' },
      {
        name: 'Newest Nakamura',
        email: 'n@example.test',
        jobTitle: 'CTO',
        note: 'Met at the booth',
        source: 'tap',
        cardSerial: TAPPED_CARD,
      },
    ]);
    await insertContacts(t.database.db, stranger.id, [{ name: 'Someone Else’s' }]);

    const page = await list(owner.cookie);
    expect(page.results.map((contact) => contact.name)).toEqual([
      'Newest Nakamura',
      'Middle Moreau',
      'Oldest Olsen',
    ]);
    expect(page).toMatchObject({ count: 3, page: 1, page_count: 1, page_size: 20 });
    expect(page.results[0]).toMatchObject({
      email: 'n@example.test',
      phone: '',
      job_title: 'CTO',
      note: 'Met at the booth',
      source: 'tap',
      card: 'ECD1-DD82-9NKP',
      source_label: 'Tap of card ECD1-DD82-9NKP',
    });
    expect(page.results[1]).toMatchObject({ card: null, source_label: 'Shared link', email: '' });
    expect(page.results[2]).toMatchObject({ source_label: 'QR code' });
    expect(Date.parse(page.results[0]?.created_at ?? '')).toBeGreaterThan(
      Date.parse(page.results[2]?.created_at ?? ''),
    );
  });

  it('searches name, e-mail, phone, company and job title, case-insensitively, with % and _ as plain text', async () => {
    const owner = await signedInUser(t);
    await insertContacts(t.database.db, owner.id, [
      { name: 'Ana Álvarez', email: 'ana@alvarez.test', jobTitle: 'Buyer' },
      { name: 'Ben Brook', phone: '+44 20 7946 0958', company: 'Brook & Co' },
      { name: 'Cy Cole', email: 'cy@cole.test', company: '100% Cole', jobTitle: 'Head_of_sales' },
      { name: 'Di Dahl', email: 'di@dahl.test', note: 'Brook mentioned her' },
    ]);
    const names = async (q: string) =>
      (await list(owner.cookie, `?q=${encodeURIComponent(q)}`)).results.map((contact) => contact.name);

    expect(await names('álvarez')).toEqual(['Ana Álvarez']);
    expect(await names('COLE.TEST')).toEqual(['Cy Cole']);
    expect(await names('7946')).toEqual(['Ben Brook']);
    // The note is not searched: Di's mentions Brook.
    expect(await names('brook')).toEqual(['Ben Brook']);
    expect(await names('buyer')).toEqual(['Ana Álvarez']);
    expect(await names('100%')).toEqual(['Cy Cole']);
    expect(await names('%')).toEqual(['Cy Cole']);
    expect(await names('_')).toEqual(['Cy Cole']);
    expect(await names('   ')).toHaveLength(4);
    expect(await names('nobody')).toEqual([]);

    const tooLong = await call('GET', `/api/auth/contacts/?q=${'x'.repeat(101)}`, owner.cookie);
    expect(tooLong.status).toBe(400);
    const unknown = await call('GET', '/api/auth/contacts/?owner=1', owner.cookie);
    expect(unknown.status).toBe(400);
  });

  it('pages 20 at a time; a page past the last is a 404 and a bad page a 400', async () => {
    const owner = await signedInUser(t);
    const seeds: ContactSeed[] = Array.from({ length: 45 }, (_, index) => ({ name: `Person ${index + 1}` }));
    await insertContacts(t.database.db, owner.id, seeds);

    const first = await list(owner.cookie);
    expect(first).toMatchObject({ count: 45, page: 1, page_count: 3, page_size: 20 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]?.name).toBe('Person 45');
    const third = await list(owner.cookie, '?page=3');
    expect(third.results.map((contact) => contact.name)).toEqual([
      'Person 5',
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
    ]);
    const searched = await list(owner.cookie, '?q=Person%204&page=1');
    expect(searched.results.map((contact) => contact.name)).toEqual([
      'Person 45',
      'Person 44',
      'Person 43',
      'Person 42',
      'Person 41',
      'Person 40',
      'Person 4',
    ]);

    expect((await call('GET', '/api/auth/contacts/?page=4', owner.cookie)).status).toBe(404);
    for (const page of ['0', '-1', 'abc', '1.5']) {
      expect((await call('GET', `/api/auth/contacts/?page=${page}`, owner.cookie)).status).toBe(400);
    }
  });
});

describe('the owner’s alone', () => {
  it('answers 401 to a signed-out visitor on every contacts route', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/contacts/'],
      ['DELETE', '/api/auth/contacts/1/'],
      ['DELETE', '/api/auth/contacts/'],
      ['GET', '/api/auth/contacts/export.csv'],
      ['GET', '/api/auth/contacts/export.vcf'],
    ] as const) {
      const response = await call(
        method,
        url,
        undefined,
        method === 'DELETE' ? { confirm: true } : undefined,
      );
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });

  it('another user cannot list, delete or export them; their id is the 404 of a missing one', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [contact] = await insertContacts(t.database.db, owner.id, [
      { name: 'Private Person', email: 'private.person@example.test', phone: '+1 555 0100' },
    ]);
    if (!contact) throw new Error('not inserted');

    expect((await list(other.cookie)).results).toEqual([]);
    expect((await list(other.cookie, '?q=private')).results).toEqual([]);
    const theirs = await call('DELETE', `/api/auth/contacts/${contact.id}/`, other.cookie);
    const missing = await call('DELETE', '/api/auth/contacts/2147483647/', other.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ detail: 'Contact not found.', code: 'not_found' });
    expect(missing.body).toEqual(theirs.body);
    expect((await call('DELETE', '/api/auth/contacts/', other.cookie, { confirm: true })).body).toEqual({
      deleted: 0,
    });
    for (const format of ['csv', 'vcf']) {
      const file = await call('GET', `/api/auth/contacts/export.${format}`, other.cookie);
      expect(file.status).toBe(200);
      expect(file.text).not.toContain('private.person');
    }
    expect(await rowsOf(owner.id)).toBe(1);
    expect((await list(owner.cookie)).results.map((row) => row.id)).toEqual([contact.id]);
  });

  it('no admin route shows them: every admin read of a user with contacts leaves them out', async () => {
    const admin = await signedInAdmin(t);
    const owner = await signedInUser(t, { firstName: 'Olive', lastName: 'Owner' });
    await insertContacts(t.database.db, owner.id, [
      { name: 'Zebedee Secretperson', email: 'zebedee.secret@example.test', phone: '+1 555 0199' },
    ]);
    // Only the owner's own routes touch contacts.
    const contactRoutes = t.app.routeList.filter(
      (route) => /contact/i.test(route.url) && route.url !== '/api/contact/',
    );
    for (const route of contactRoutes) expect(route.url).toMatch(/^\/api\/auth\/contacts\//);

    const reads = t.app.routeList.filter(
      (route) => route.url.startsWith('/api/admin/') && route.method === 'GET',
    );
    expect(reads.map((route) => route.url)).toContain('/api/admin/users/:id/');
    const checked: string[] = [];
    for (const route of reads) {
      const urls = route.url.includes(':')
        ? [route.url.replace(/:[a-z]+/g, String(owner.id))]
        : [route.url, `${route.url}?search=${encodeURIComponent(owner.email)}`];
      for (const url of urls) {
        const response = await call('GET', url, admin.cookie);
        checked.push(`${url} ${response.status}`);
        expect(response.text.toLowerCase(), url).not.toContain('zebedee');
        expect(response.text, url).not.toContain('555 0199');
      }
    }
    // The user's own detail was read (and is about this user), not an error page.
    const detail = await call('GET', `/api/admin/users/${owner.id}/`, admin.cookie);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(owner.email);
    expect(checked.length).toBeGreaterThan(5);
  });

  it('refuses a delete sent from another site', async () => {
    const owner = await signedInUser(t);
    const [contact] = await insertContacts(t.database.db, owner.id, [{ name: 'Kept' }]);
    const response = await request(t, {
      method: 'DELETE',
      url: `/api/auth/contacts/${contact?.id}/`,
      cookie: owner.cookie,
      origin: 'https://evil.test',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(await rowsOf(owner.id)).toBe(1);
  });

  it('leaves with the account: deleting the user deletes their contacts', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await insertContacts(t.database.db, owner.id, [{ name: 'One' }, { name: 'Two' }]);
    await insertContacts(t.database.db, other.id, [{ name: 'Three' }]);
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    expect(await rowsOf(owner.id)).toBe(0);
    expect(await rowsOf(other.id)).toBe(1);
  });
});

describe('deleting', () => {
  it('deletes one contact: the row is gone', async () => {
    const owner = await signedInUser(t);
    const [first, second] = await insertContacts(t.database.db, owner.id, [
      { name: 'Gone' },
      { name: 'Stays' },
    ]);
    const response = await call('DELETE', `/api/auth/contacts/${first?.id}/`, owner.cookie);
    expect(response.status).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await rowsOf(owner.id)).toBe(1);
    expect((await list(owner.cookie)).results.map((row) => row.id)).toEqual([second?.id]);
    expect((await call('DELETE', `/api/auth/contacts/${first?.id}/`, owner.cookie)).status).toBe(404);
    for (const id of ['0', 'abc', '99999999999', '1e3']) {
      expect((await call('DELETE', `/api/auth/contacts/${id}/`, owner.cookie)).status).toBe(404);
    }
  });

  it('deletes all only when the body confirms it, and says how many', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await insertContacts(t.database.db, owner.id, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    await insertContacts(t.database.db, other.id, [{ name: 'D' }]);

    for (const body of [undefined, {}, { confirm: false }, { confirm: 'true' }, { confirm: true, all: 1 }]) {
      const refused = await call('DELETE', '/api/auth/contacts/', owner.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail).toBe('Send { "confirm": true } to delete every contact.');
    }
    expect(await rowsOf(owner.id)).toBe(3);

    const done = await call('DELETE', '/api/auth/contacts/', owner.cookie, { confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ deleted: 3 });
    expect(await rowsOf(owner.id)).toBe(0);
    expect(await rowsOf(other.id)).toBe(1);
    expect((await list(owner.cookie)).count).toBe(0);
  });
});

/** Parses CSV with Python's csv module: an independent reader. Answers the rows, BOM removed. */
function pythonCsv(raw: Buffer): string[][] {
  const script =
    'import csv, io, json, sys\n' +
    "text = sys.stdin.buffer.read().decode('utf-8-sig')\n" +
    "print(json.dumps(list(csv.reader(io.StringIO(text, newline='')))))\n";
  return JSON.parse(execFileSync('python3', ['-c', script], { input: raw }).toString('utf8'));
}

/** Reads every vCard in a file with Debian's python3-vobject: names (formatted, family, given), e-mails and notes. */
function vobjectCards(
  text: string,
): { fn: string; family: string; given: string; email: string | null; note: string | null }[] {
  const script =
    'import json, sys, vobject\n' +
    'out = []\n' +
    'for card in vobject.readComponents(sys.stdin.read()):\n' +
    "    out.append({'fn': card.fn.value, 'family': card.n.value.family, 'given': card.n.value.given,\n" +
    "                'email': card.email.value if hasattr(card, 'email') else None,\n" +
    "                'note': card.note.value if hasattr(card, 'note') else None})\n" +
    'print(json.dumps(out))\n';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { input: text }).toString('utf8'));
}

describe('exports', () => {
  const payloads = ["=cmd|' /C calc'!A0", '+1+1', '@SUM(1)', '-2', '\t=1+1', '\r=1+1'];

  it('the CSV neutralises formulas in every cell and keeps commas, quotes and line breaks', async () => {
    const owner = await signedInUser(t);
    const tricky = 'Said "hi", then:\nline two, with a comma\r\nand a third';
    await insertContacts(t.database.db, owner.id, [
      ...payloads.map((name) => ({ name, company: name, note: name, phone: '+44 20 7946 0000' })),
      { name: 'Zoë Ünal, "Zed"', email: 'zoe@example.test', note: tricky, jobTitle: 'Ops; lead' },
      { name: 'Tapped', email: '@example.test', source: 'tap', cardSerial: TAPPED_CARD },
    ]);

    const response = await call('GET', '/api/auth/contacts/export.csv', owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...response.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = pythonCsv(response.raw);
    expect(rows[0]).toEqual([
      'Name',
      'E-mail',
      'Phone',
      'Company',
      'Job title',
      'Note',
      'Came from',
      'Shared at (UTC)',
    ]);
    expect(rows).toHaveLength(1 + payloads.length + 2);
    for (const row of rows) {
      expect(row).toHaveLength(8);
      // A plausible phone number is the one cell that may start with +: it is written as it is.
      const risky = row.filter((cell) => cell !== '+44 20 7946 0000');
      for (const cell of risky) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    }
    const [tapped, zoe, ...formulas] = rows.slice(1);
    expect(tapped?.slice(0, 2)).toEqual(['Tapped', "'@example.test"]);
    expect(tapped?.[6]).toBe('Tap of card ECD1-DD82-9NKP');
    expect(tapped?.[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(zoe?.[0]).toBe('Zoë Ünal, "Zed"');
    expect(zoe?.[4]).toBe('Ops; lead');
    expect(zoe?.[5]).toBe(tricky);
    // Newest first: the payloads come back in reverse, each as text behind a '.
    expect(formulas.map((row) => row[0])).toEqual(payloads.map((payload) => `'${payload}`).reverse());
    for (const row of formulas) {
      expect(row[3]).toBe(row[0]);
      expect(row[5]).toBe(row[0]);
      expect(row[2]).toBe('+44 20 7946 0000');
    }
  });

  it('the .vcf holds every contact, read by ical.js and by vobject', async () => {
    const owner = await signedInUser(t);
    await insertContacts(t.database.db, owner.id, [
      { name: 'Vera Vcard', email: 'vera@example.test', note: 'Likes, commas; and\nnewlines' },
      { name: 'Phil Phone', phone: '+1 202 555 0142', company: 'Phone Co', source: 'qr' },
      { name: 'Tia Tap', email: 'tia@example.test', source: 'tap', cardSerial: TAPPED_CARD },
      { name: 'Émilie du Châtelet', email: 'emilie@example.test' },
    ]);
    const response = await call('GET', '/api/auth/contacts/export.vcf', owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.vcf"$/,
    );

    const parsed = ICAL.parse(response.text) as unknown as unknown[];
    const cards = (Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (card) => new ICAL.Component(card as unknown[]),
    );
    expect(cards.map((card) => card.getFirstPropertyValue('fn'))).toEqual([
      'Émilie du Châtelet',
      'Tia Tap',
      'Phil Phone',
      'Vera Vcard',
    ]);
    expect(cards[2]?.getFirstPropertyValue('tel')).toBe('+1 202 555 0142');
    expect(String(cards[3]?.getFirstPropertyValue('note'))).toContain('Likes, commas; and\nnewlines');

    const byVobject = vobjectCards(response.text);
    expect(byVobject.map((card) => card.fn)).toEqual([
      'Émilie du Châtelet',
      'Tia Tap',
      'Phil Phone',
      'Vera Vcard',
    ]);
    // One name field, split as a profile's full name is: the given name, then the family name.
    expect(byVobject.map(({ given, family }) => [given, family])).toEqual([
      ['Émilie', 'du Châtelet'],
      ['Tia', 'Tap'],
      ['Phil', 'Phone'],
      ['Vera', 'Vcard'],
    ]);
    expect(byVobject[1]?.email).toBe('tia@example.test');
    expect(byVobject[1]?.note).toContain('Tap of card ECD1-DD82-9NKP');
    expect(byVobject[2]?.note).toContain('QR code');
  });

  it('an owner without contacts gets a CSV with its header alone and an empty .vcf', async () => {
    const owner = await signedInUser(t);
    const csv = await call('GET', '/api/auth/contacts/export.csv', owner.cookie);
    expect(pythonCsv(csv.raw)).toHaveLength(1);
    const vcf = await call('GET', '/api/auth/contacts/export.vcf', owner.cookie);
    expect(vcf.text).toBe('');
  });
});
