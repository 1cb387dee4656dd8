import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { putProfile, signedInUser } from '../../test/users.ts';
import { isReservedName } from '../accounts/usernames.ts';
import { printedAddress } from './printed-address.ts';
import { viewCardAtCode } from './service.ts';

/**
 * A username is its account's for good (issue 32, point 4; decision 038): a name given up still leads to its
 * account, and no other account may take it, nor any name of the firm's or the site's own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TAKEN = { status: 409, body: { errors: { username: ['This username is taken.'] } } };
const rename = (cookie: string, username: string) => putProfile(t, cookie, { username });
const card = (name: string, cookie?: string) =>
  request(t, { url: `/api/auth/public-profile/${name}/`, ...(cookie ? { cookie } : {}) });

let clients = 0;
const exchange = (name: string, person: string) =>
  request(t, {
    method: 'POST',
    url: `/api/auth/public-profile/${name}/exchange/`,
    body: { name: person, email: `${person.toLowerCase().replace(/\W/g, '')}@example.test`, consent: true },
    remoteAddress: `10.32.4.${++clients}`,
  });
const contactNames = async (cookie: string) =>
  ((await request(t, { url: '/api/auth/contacts/', cookie })).body.results as { name: string }[]).map(
    (contact) => contact.name,
  );

describe('reserved names', () => {
  it('reserves the firm’s name however it is written, the system’s names and every page of the site', () => {
    for (const name of ['admin', 'ad-min', 'admin-2', 'support', 'www', 'mail', 'api', 'help-desk']) {
      expect(isReservedName(name), name).toBe(true);
    }
    for (const name of ['nexa-digital', 'nexadigital', 'the-nexa-digital-team', 'nexa', 'digital']) {
      expect(isReservedName(name), name).toBe(true);
    }
    const routes = readFileSync(new URL('../../../app/routes.ts', import.meta.url), 'utf8');
    // The top level: the routes before the first prefixed group, and each group's own prefix.
    const [top = '', ...groups] = routes.split('...prefix(');
    const segments = [
      ...[...top.matchAll(/^\s*route\('([a-z-]+)/gm)].map((match) => match[1] as string),
      ...groups.map((group) => /^'([a-z-]+)'/.exec(group)?.[1] as string),
    ];
    expect(segments).toContain('checkout');
    for (const segment of segments.filter((name) => name.length >= 3)) {
      expect(isReservedName(segment), segment).toBe(true);
    }
    for (const name of ['ada-lovelace', 'nexa-smith', 'mailman', 'adminton-jones', 'grace-hopper-1906']) {
      expect(isReservedName(name), name).toBe(false);
    }
  });

  it('refuses them on rename as a taken name, while an account that already has one keeps it', async () => {
    const user = await signedInUser(t);
    for (const name of ['admin', 'Support', 'login', 'profile', 'nexa-digital', 'nexa-digital-jobs']) {
      expect(await rename(user.cookie, name), name).toMatchObject(TAKEN);
    }
    const old = await signedInUser(t, { username: 'helpdesk' });
    expect((await rename(old.cookie, 'helpdesk-old')).status).toBe(200);
    expect(await rename(old.cookie, 'helpdesk')).toMatchObject({
      status: 200,
      body: { username: 'helpdesk' },
    });
  });

  it('never gives one to a new account, nor a name an account gave up', async () => {
    const giver = await signedInUser(t);
    expect((await rename(giver.cookie, 'rhea-quill')).status).toBe(200);
    expect((await rename(giver.cookie, 'rhea-quill-new')).status).toBe(200);
    const registered = async (first_name: string, last_name: string) => {
      const email = `${first_name}.${Date.now()}.${++clients}@example.test`.toLowerCase();
      const body = {
        first_name,
        last_name,
        email,
        password: 'Blue-Harbour-42',
        password2: 'Blue-Harbour-42',
      };
      const answer = await request(t, {
        method: 'POST',
        url: '/api/auth/register/',
        body,
        remoteAddress: `10.32.5.${clients}`,
      });
      expect(answer.status, answer.text).toBe(201);
      for (let wait = 0; wait < 100; wait++) {
        const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
        if (row) return row.username;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the account was not made');
    };
    expect(await registered('Rhea', 'Quill')).toBe('rhea-quill-2');
    expect(await registered('Ad', 'Min')).toBe('user-ad-min');
    expect(await registered('Nexa', 'Digital')).toMatch(/^user(-\d+)?$/);
    expect(await registered('Grace', 'Support')).toBe('grace-support');
  });
});

describe('a name given up', () => {
  it('stays its account’s: others cannot take it, its owner can take it back', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const first = owner.username;
    expect((await rename(owner.cookie, 'juno-first')).status).toBe(200);
    expect((await rename(owner.cookie, 'juno-second')).status).toBe(200);
    for (const name of [first, 'juno-first', 'JUNO-FIRST']) {
      expect(await rename(other.cookie, name), name).toMatchObject(TAKEN);
    }
    expect(await rename(owner.cookie, 'juno-first')).toMatchObject({
      status: 200,
      body: { username: 'juno-first' },
    });
    expect(await rename(other.cookie, 'juno-second')).toMatchObject(TAKEN);
  });

  it('is given to one account when two ask for a free name at once', async () => {
    const racers = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const answers = await Promise.all(racers.map((racer) => rename(racer.cookie, 'vesta-raced')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  it('answers its owner’s card in the API, and a share posted to it reaches its owner', async () => {
    const owner = await signedInUser(t, { firstName: 'Iris', lastName: 'Former' });
    await putProfile(t, owner.cookie, { job_title: 'Lighthouse Keeper' });
    const before = owner.username;
    expect((await rename(owner.cookie, 'iris-now')).status).toBe(200);
    expect(await card(before)).toMatchObject({
      status: 200,
      body: { username: 'iris-now', first_name: 'Iris', job_title: 'Lighthouse Keeper' },
    });
    const vcard = await request(t, { url: `/api/auth/public-profile/${before}/vcard/` });
    expect(vcard.status).toBe(200);
    expect(vcard.text).toContain('FN:Iris Former');
    expect((await exchange(before, 'Pax Oldname')).status).toBe(201);
    expect(await contactNames(owner.cookie)).toContain('Pax Oldname');
  });

  it('of a private card is the same 404 as any unknown name to everyone but its owner', async () => {
    const owner = await signedInUser(t);
    const before = owner.username;
    expect((await rename(owner.cookie, 'nyx-hidden')).status).toBe(200);
    const hidden = await request(t, {
      method: 'PATCH',
      url: '/api/auth/profile/card/',
      cookie: owner.cookie,
      body: { profile_private: true },
    });
    expect(hidden.status).toBe(200);
    expect(await card(before)).toMatchObject({ status: 404, body: { detail: 'User not found' } });
    expect(await card(before, owner.cookie)).toMatchObject({ status: 200, body: { username: 'nyx-hidden' } });
  });
});

describe('the permanent address', () => {
  it('is printed as /p/{code}, stays the same through renames and is told to its owner', async () => {
    const owner = await signedInUser(t);
    const me = (await request(t, { url: '/api/auth/profile/', cookie: owner.cookie })).body;
    expect(me.card_path).toMatch(/^\/p\/[0-9a-f]{16}$/);
    expect((await rename(owner.cookie, 'dara-renamed')).body.card_path).toBe(me.card_path);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(printedAddress('http://shop.test', row as typeof users.$inferSelect)).toBe(
      `http://shop.test${me.card_path}`,
    );
    const code = (me.card_path as string).slice(3);
    expect((await viewCardAtCode(t.database.db, code)).profile.username).toBe('dara-renamed');
  });

  it('leads nowhere for an unknown or malformed code, or a private card to anyone but its owner', async () => {
    const owner = await signedInUser(t);
    const code = (await request(t, { url: '/api/auth/profile/', cookie: owner.cookie })).body.card_path.slice(
      3,
    );
    for (const wrong of ['0000000000000000', code.toUpperCase(), `${code}0`, "' or 1=1 --"]) {
      await expect(viewCardAtCode(t.database.db, wrong), wrong).rejects.toMatchObject({ status: 404 });
    }
    await request(t, {
      method: 'PATCH',
      url: '/api/auth/profile/card/',
      cookie: owner.cookie,
      body: { profile_private: true },
    });
    await expect(viewCardAtCode(t.database.db, code)).rejects.toMatchObject({ status: 404 });
    expect((await viewCardAtCode(t.database.db, code, owner.id)).own).toBe(true);
  });
});
