import { readFile } from 'node:fs/promises';
import type { CardOwner } from '../../server/test/card-owners.ts';
import { decodeQr, parseVCard } from './support/contact-readers.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { ATTACK_INTRO_CARD_OWNERS } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/**
 * Issue 16's card page and card controls as an attacker probes them on the production build, where the
 * page cache is on: a private card or a switched-off field must not leak through the page, its cache, the
 * API, the vCard, the preview picture or the QR code, and a hostile link must stay inert.
 */

const { open, shy, linker, mover } = ATTACK_INTRO_CARD_OWNERS;

let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
});

/** The session cookie of a real sign-in. */
async function signIn(owner: CardOwner): Promise<string> {
  const response = await fetch(`${site.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { ...site.headers, 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function send(method: string, path: string, cookie: string, body?: object) {
  const response = await fetch(`${site.baseUrl}${path}`, {
    method,
    headers: { ...site.headers, 'content-type': 'application/json', origin: site.baseUrl, cookie },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** What anyone gets at `path`, with what differs per response (nonce, request id, date, ETag) blanked. */
async function visit(path: string, cookie?: string) {
  const response = await fetch(`${site.baseUrl}${path}`, {
    headers: { ...site.headers, ...(cookie ? { cookie } : {}) },
  });
  const text = await response.text();
  const headers = [...response.headers]
    .filter(([name]) => !['date', 'x-request-id', 'etag', 'keep-alive', 'connection'].includes(name))
    .map(([name, value]) => `${name}: ${value.replace(/nonce-[^']+/g, 'nonce-X')}`);
  return {
    status: response.status,
    headers,
    text: text.replace(/nonce="[^"]*"/g, 'nonce="X"'),
    etag: response.headers.get('etag'),
  };
}

test('a private card is the unknown name’s 404 on every channel, even right after its owner looked at it', async () => {
  const owner = await signIn(shy);
  const own = await visit(`/profile/${shy.username}`, owner);
  expect(own.status).toBe(200);
  expect(own.text).toContain('Private: only you can see this page');
  expect(own.headers).toContain('cache-control: private, no-store');

  for (const path of [
    '/profile/{name}',
    '/profile/{name}.data',
    '/api/auth/public-profile/{name}/',
    '/api/auth/public-profile/{name}/vcard/',
    '/api/auth/public-profile/{name}/card.png',
  ]) {
    const hidden = await visit(path.replace('{name}', shy.username));
    const unknown = await visit(path.replace('{name}', 'nobody-here'));
    expect(hidden.status, path).toBe(404);
    expect(hidden, path).toEqual({ ...unknown, etag: hidden.etag });
    expect(hidden.text).not.toContain('Night Auditor');
    expect(hidden.text).not.toContain('Sid');
  }
});

test('switching a field off or the card private reaches a visitor at once, past the page cache', async () => {
  const owner = await signIn(open);
  const page = `/profile/${open.username}`;
  // The owner's visit and a visitor's fill the cache; the visitor's copy is the same page, without the bar.
  const ownView = await visit(page, owner);
  const first = await visit(page);
  expect(first.text).toBe(ownView.text);
  expect(first.text).toContain('tel:+12025550111');
  expect(first.text).toMatch(/id="edit-bar"[^>]*hidden/);
  const picture = await visit(`/api/auth/public-profile/${open.username}/card.png`);

  const switched = await send('PATCH', '/api/auth/profile/card/', owner, { public_fields: ['phone'] });
  expect(switched.status).toBe(200);
  const after = await visit(page);
  expect(after.text).not.toContain('Harbour Pilot');
  expect(after.text).toContain('tel:+12025550111');
  const vcard = parseVCard((await visit(`/api/auth/public-profile/${open.username}/vcard/`)).text);
  expect(vcard('title')).toEqual([]);
  // The preview picture shows the title: a new picture, under a new ETag.
  const newPicture = await visit(`/api/auth/public-profile/${open.username}/card.png`);
  expect(newPicture.etag).not.toBe(picture.etag);
  const stale = await fetch(`${site.baseUrl}/api/auth/public-profile/${open.username}/card.png`, {
    headers: { ...site.headers, 'if-none-match': picture.etag ?? '' },
  });
  expect(stale.status).toBe(200);

  // A link switched off leaves the cached page too (its button goes through the counting redirect).
  const linkPath = `/profile/${open.username}/links/`;
  expect(after.text).toContain(linkPath);
  const { links } = (await send('GET', '/api/auth/profile/', owner)).body as { links: object[] };
  const off = links.map((link) => ({ ...link, enabled: false }));
  expect((await send('PUT', '/api/auth/profile/links/', owner, { links: off })).status).toBe(200);
  expect((await visit(page)).text).not.toContain(linkPath);

  expect((await send('PATCH', '/api/auth/profile/card/', owner, { profile_private: true })).status).toBe(200);
  const gone = await visit(page);
  expect(gone.status).toBe(404);
  expect(gone.text).not.toContain('Olive');
  expect((await visit(`/api/auth/public-profile/${open.username}/card.png`)).status).toBe(404);
  const notModified = await fetch(`${site.baseUrl}/api/auth/public-profile/${open.username}/card.png`, {
    headers: { ...site.headers, 'if-none-match': newPicture.etag ?? '' },
  });
  expect(notModified.status).toBe(404);

  expect((await send('PATCH', '/api/auth/profile/card/', owner, { profile_private: false })).status).toBe(
    200,
  );
  expect((await visit(page)).status).toBe(200);
});

test('a hostile link title or address is refused or stays text: nothing runs on the card page', async ({
  page,
}) => {
  const owner = await signIn(linker);
  for (const url of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'javascript&colon;alert(1)',
    '//evil.example/x',
    'file:///etc/passwd',
    'mailto:%E0@example.test',
    'tel:%E0',
  ]) {
    const answer = await send('PUT', '/api/auth/profile/links/', owner, {
      links: [{ title: 'Click', url, icon: null, enabled: true }],
    });
    expect(answer.status, JSON.stringify(url)).toBe(400);
  }
  const title = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const url = 'https://lena.example.com/?q="><script>window.__pwned=3</script>';
  const saved = await send('PUT', '/api/auth/profile/links/', owner, {
    links: [{ title, url, icon: null, enabled: true }],
  });
  expect(saved.status).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${site.baseUrl}/profile/${linker.username}`);
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  // The button goes through the counting redirect, which sends on to exactly the stored address.
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/profile/${linker.username}/links/\\d+$`));
  // A click on the card's page, as the browser marks it (elsewhere the link stops at a page naming it).
  const sentOn = await fetch(`${site.baseUrl}${href}`, {
    redirect: 'manual',
    headers: { ...site.headers, 'sec-fetch-site': 'same-origin' },
  });
  expect(sentOn.status).toBe(302);
  expect(sentOn.headers.get('location')).toBe(new URL(url).href);
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // Served again from the page cache, the page's own script still runs under the CSP (its nonce is this
  // response's): Share shows.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  expect(dialogs).toEqual([]);
  // Every link leaving the page opens without a handle back to it.
  for (const anchor of await page.locator('a[target="_blank"]').all()) {
    expect(await anchor.getAttribute('rel')).toContain('noopener');
  }
});

test.describe('the owner’s QR code', () => {
  // A screenshot at one device pixel per CSS pixel, as jsQR reads it best.
  test.use({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });

  test('carries only what the card shows: no shipping address', async ({ page }) => {
    const cookie = await signIn(mover);
    const address = await send('POST', '/api/auth/address/', cookie, {
      address: '12 Secret Lane',
      city: 'Hideaway',
      country: 'Iceland',
      postal_code: '101',
    });
    expect(address.status).toBe(201);
    const [name, value] =
      cookie
        .split('; ')
        .find((part) => part.startsWith('sid='))
        ?.split('=') ?? [];
    await page.context().addCookies([{ name: name as string, value: value as string, url: site.baseUrl }]);
    await page.goto(`${site.baseUrl}/profile`);
    await hydrated(page);
    await page.getByRole('button', { name: 'QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan Contact' });
    const code = dialog.getByRole('img', { name: 'QR code of the contact card' });
    await expect(code).toBeVisible();
    const text = await decodeQr(code);
    const scanned = parseVCard(text);
    expect(scanned('title')).toEqual(['Courier']);
    expect(scanned('tel')).toEqual([]);
    expect(text).not.toContain('Secret Lane');
    expect(scanned('adr')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The .vcf the owner downloads to hand out carries no more.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'VCF' }).click(),
    ]);
    const file = await readFile((await download.path()) as string, 'utf8');
    expect(parseVCard(file)('title')).toEqual(['Courier']);
    expect(file).not.toContain('Secret Lane');
  });
});
