import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderPng } from '../../server/modules/personalisation/render.ts';
import { expect, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/**
 * Issue 32, point 4, as an attacker plays it on the production build: a username given up must not hand
 * its owner's printed QR codes, shared links and the details visitors share through them to whoever takes
 * the name next. No browser: every step is a plain HTTP request, and the printed code is read by zbarimg.
 */

const password = 'Blue-Harbour-42';
const alma = { firstName: 'Alma', lastName: 'Quist', email: 'alma.quist@example.test', password };
// The same name as Alma's: registration offers the name her old one was made from.
const taker = { firstName: 'Alma', lastName: 'Quist', email: 'taker@example.test', password };
const CARD = 'signature-intro-card-pearl-white';

let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  test.setTimeout(120_000);
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, alma);
});

async function signIn(user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${site.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { ...site.headers, 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function call(
  method: string,
  url: string,
  cookie?: string,
  body?: object | FormData,
  headers: Record<string, string> = {},
) {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${site.baseUrl}${url}`, {
    method,
    headers: {
      ...site.headers,
      ...headers,
      origin: site.baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

const rename = (cookie: string, username: string, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('username', username);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return call('PUT', '/api/auth/profile/', cookie, form);
};

/** The address printed as a QR code on the back of the card, as a phone reads it. */
async function printedAddress(backSvg: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'printed-qr-')), 'back.png');
  await writeFile(file, renderPng(backSvg, 300));
  return execFileSync('zbarimg', ['--quiet', '--raw', file]).toString('utf8').trim();
}

const contactNames = async (cookie: string) =>
  ((await call('GET', '/api/auth/contacts/', cookie)).json().results as { name: string }[]).map(
    (contact) => contact.name,
  );

test('a name given up keeps its printed code, its links and the details shared through them with its owner', async () => {
  test.setTimeout(120_000);
  const almaCookie = await signIn(alma);
  const oldName = (await call('GET', '/api/auth/profile/', almaCookie)).json().username as string;
  expect(oldName).toBe('alma-quist');
  expect((await rename(almaCookie, oldName, { job_title: 'Harbour Pilot' })).status).toBe(200);

  // Alma orders a card with a QR code on its back.
  const card = (await call('GET', `/api/cards/${CARD}/`)).json();
  const address = await call('POST', '/api/auth/address/', almaCookie, {
    address: '12 Harbour Road',
    city: 'Cork',
    state: '',
    country: 'Ireland',
    postal_code: 'T12 X123',
  });
  expect(address.status).toBe(201);
  const order = await call(
    'POST',
    '/api/orders/',
    almaCookie,
    {
      address: address.json().id,
      items: [
        {
          card: card.id,
          design: card.category,
          quantity: 1,
          personalisation: [{ name: 'Alma Quist', title: 'Harbour Pilot', qr: true }],
        },
      ],
    },
    { 'idempotency-key': 'alma-first-order' },
  );
  expect(order.status, order.text).toBe(201);
  const back = await call('GET', order.json().items[0].printed[0].back, almaCookie);
  expect(back.status).toBe(200);
  const printed = await printedAddress(back.text);
  expect(printed.startsWith(site.baseUrl)).toBe(true);
  expect.soft(printed, 'the printed address names no username').not.toContain(oldName);

  // She renames; her old name stays hers: a newcomer of the same name is given another one, and cannot
  // take it by renaming either.
  expect((await rename(almaCookie, 'alma-harbour')).status).toBe(200);
  await registerActiveUser(site, taker);
  const takerCookie = await signIn(taker);
  const takerName = (await call('GET', '/api/auth/profile/', takerCookie)).json().username as string;
  expect.soft(takerName).not.toBe(oldName);
  const taken = await rename(takerCookie, oldName);
  expect.soft(taken.status).toBe(409);
  expect.soft(taken.json()).toMatchObject({ errors: { username: ['This username is taken.'] } });

  // The printed code still opens Alma's card under her new name. (Soft checks: before the fix, each of
  // them showed what the newcomer got of Alma's.)
  const opened = await fetch(printed, { redirect: 'follow', headers: site.headers });
  expect.soft(opened.status).toBe(200);
  expect.soft(new URL(opened.url).pathname).toBe('/profile/alma-harbour');
  expect.soft(await opened.text()).toContain('Harbour Pilot');

  // Her old page address is a permanent redirect to the new one; the API answers her card under it.
  const oldPage = await call('GET', `/profile/${oldName}`);
  expect.soft(oldPage.status).toBe(301);
  expect.soft(oldPage.headers.get('location')).toBe('/profile/alma-harbour');
  // The permanent address sends where a visit came from on to the page, which counts it.
  const scanned = await fetch(`${printed}?via=qr`, { redirect: 'manual', headers: site.headers });
  expect.soft(scanned.status).toBe(302);
  expect.soft(scanned.headers.get('location')).toBe('/profile/alma-harbour?via=qr');
  expect.soft(scanned.headers.get('cache-control')).toBe('no-store');
  const oldApi = await call('GET', `/api/auth/public-profile/${oldName}/`);
  expect.soft(oldApi.status).toBe(200);
  expect.soft(oldApi.json()).toMatchObject({ username: 'alma-harbour', job_title: 'Harbour Pilot' });

  // A visitor shares their details through the page the code opened, and through the old name's API.
  const shared = await fetch(opened.url, {
    method: 'POST',
    headers: { ...site.headers, 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.test', consent: 'on' }).toString(),
  });
  expect.soft(shared.status).toBe(200);
  // A page opened before the rename posts its form to the old name: sent on, body and all, to Alma's page.
  const oldForm = new URLSearchParams({ name: 'Ula Oldpage', email: 'ula@example.test', consent: 'on' });
  const resent = await fetch(`${site.baseUrl}/profile/${oldName}`, {
    method: 'POST',
    headers: { ...site.headers, 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: oldForm.toString(),
  });
  expect.soft(resent.redirected).toBe(true);
  expect.soft(new URL(resent.url).pathname).toBe('/profile/alma-harbour');
  expect.soft(await resent.text()).toContain('Alma has your details');
  const byApi = await call('POST', `/api/auth/public-profile/${oldName}/exchange/`, undefined, {
    name: 'Otto Oldlink',
    email: 'otto@example.test',
    consent: true,
  });
  expect.soft(byApi.status, byApi.text).toBeLessThan(300);
  expect
    .soft(await contactNames(almaCookie))
    .toEqual(expect.arrayContaining(['Vera Visitor', 'Ula Oldpage', 'Otto Oldlink']));
  expect.soft(await contactNames(takerCookie)).toEqual([]);
});

test('the firm’s and the site’s own names cannot be taken', async () => {
  const cookie = await signIn(alma);
  for (const name of ['admin', 'support', 'api', 'login', 'www', 'nexa-digital', 'nexa-digital-help']) {
    const answer = await rename(cookie, name);
    expect(answer.status, name).toBe(409);
    expect(answer.json(), name).toMatchObject({ errors: { username: ['This username is taken.'] } });
  }
});
