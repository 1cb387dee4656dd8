import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServerWithAdmin } from './support/mailed-server.ts';

/**
 * Issue 18, point 5: a stranger's web page cannot burn a card's verify count through its visitors'
 * browsers, and our own page's manual check counts once per visitor per day. The count is read through the
 * admin API, apart from the verify answers under test.
 */

test.describe.configure({ mode: 'serial' });

const SERIAL = 'TXM6WQCDA7XM'; // a demo serial from the seed, never checked on a fresh server
const admin = { email: `count.admin.${Date.now()}@example.test`, password: 'Blue-Harbour-42' };

let site: MailedServer;
let foreign: Server;
/** The foreign page's origin: another host name (localhost, not 127.0.0.1), so another site, not just port. */
let foreignOrigin: string;
let adminCookie: string;

/** A stranger's pages, each making a visitor's browser ask our site to check the serial. */
function foreignPages(target: string): Record<string, string> {
  const verifyApi = `${target}/api/verify/?code=${SERIAL}`;
  const verifyPage = `${target}/verify?code=${SERIAL}`;
  return {
    '/embeds': `<!doctype html><title>Free stuff</title>
      <img src="${verifyApi}" alt="">
      <img src="${verifyApi}&count=1" alt="">
      <iframe src="${verifyPage}" title="x"></iframe>
      <link rel="prefetch" href="${verifyApi}&p=1">
      <script>
        Promise.all([
          fetch(${JSON.stringify(verifyApi)}, { mode: 'no-cors' }),
          fetch(${JSON.stringify(verifyApi)}, { mode: 'no-cors', credentials: 'include' }),
          fetch(${JSON.stringify(verifyApi)}).catch(() => undefined),
        ]).finally(() => { document.title = 'sent'; });
      </script>`,
    '/navigate': `<!doctype html><title>Go</title><script>location = ${JSON.stringify(verifyPage)};</script>`,
    '/api-navigate': `<!doctype html><title>Go</title><script>location = ${JSON.stringify(verifyApi)};</script>`,
  };
}

async function countOf(): Promise<number> {
  const response = await fetch(`${site.baseUrl}/api/admin/serials/${SERIAL}/`, {
    headers: { cookie: adminCookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { verification_count: number }).verification_count;
}

test.beforeAll(async () => {
  site = await startMailedServerWithAdmin(admin);
  const login = await fetch(`${site.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;

  const pages = foreignPages(site.baseUrl);
  foreign = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://localhost:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => foreign?.close(resolve));
  await site?.close();
});

const result = (page: Page) => page.locator('.verification');
const heading = (page: Page) => result(page).getByRole('heading', { level: 2 });

test("a foreign page's images, fetches, frame and navigations never move the count", async ({ page }) => {
  expect(await countOf()).toBe(0);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`code=${SERIAL}`)) asked.push(request.url());
  });

  await page.goto(`${foreignOrigin}/embeds`);
  await expect(page).toHaveTitle('sent');
  await page.waitForLoadState('networkidle');
  expect(asked.length).toBeGreaterThanOrEqual(5); // the browser did ask our site, several times
  expect(await countOf()).toBe(0);

  // The API opened as a page from a foreign script: answered, not counted.
  await page.goto(`${foreignOrigin}/api-navigate`);
  await page.waitForURL(`${site.baseUrl}/api/verify/**`);
  await expect(page.locator('body')).toContainText('"counted":false');
  expect(await countOf()).toBe(0);

  // Our /verify page opened by a foreign script: it shows the result, says it did not count it.
  await page.goto(`${foreignOrigin}/navigate`);
  await page.waitForURL(`${site.baseUrl}/verify?code=${SERIAL}`);
  await hydrated(page);
  await expect(heading(page)).toHaveText('Genuine product');
  await expect(result(page)).toContainText('Not counted: this page was opened from another website.');
  await expect(page.getByTestId('attempts')).toHaveText('0/5');
  expect(await countOf()).toBe(0);
  // The page opened that way is not stored for others (a stored copy could be served to a foreign link).
  const opened = await page.request.get(`${site.baseUrl}/verify?code=${SERIAL}`);
  expect(opened.headers()['cache-control']).toBe('private, no-store');

  // The visitor's own click on our page counts, once.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await expect(result(page)).not.toContainText('Not counted');
  expect(await countOf()).toBe(1);
});

test('our own page: the manual check counts once; a second click and a reload do not', async ({ page }) => {
  const before = await countOf();
  await page.goto(`${site.baseUrl}/verify`);
  await hydrated(page);
  await page.getByLabel('Serial number or SKU').fill('4RRF-NHHH-CTE2');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(heading(page)).toHaveText('Genuine product');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await expect(result(page)).not.toContainText('Already counted');
  await expect(result(page)).toContainText('This serial exists in our registry.');
  await expect(result(page)).toContainText('Verified card · tapped just now');

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result(page)).toContainText('Already counted for you today');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await page.reload();
  await hydrated(page);
  await expect(result(page)).toContainText('Already counted for you today');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  expect(await countOf()).toBe(before); // the other serial's count did not move either
});
