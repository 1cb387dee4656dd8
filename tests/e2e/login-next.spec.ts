import { expect, hydrated, newTab, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const email = `alan.${Date.now()}@example.test`;
const password = 'Bletchley-Park-1912';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, { firstName: 'Alan', lastName: 'Turing', email, password });
});

const OFF_SITE = [
  '/.//evil.example',
  '//evil.example',
  '/%2F%2Fevil.example',
  '/%5cevil.example',
  '/\\evil.example',
  'https://evil.example/',
];

test('a login whose next points off the site lands on the own profile', async ({ browser }) => {
  // A sign-in per address in a fresh context: 25 s in a CI run, too close to the 60 s default.
  test.setTimeout(120_000);
  for (const next of OFF_SITE) {
    const context = await browser.newContext();
    const page = await newTab(context);
    const offSite: string[] = [];
    await context.route(
      (url) => url.hostname === 'evil.example',
      (route) => {
        offSite.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${site.baseUrl}/login?next=${encodeURIComponent(next)}`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page, next).toHaveURL(`${site.baseUrl}/profile`);
    await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();
    expect(offSite, next).toEqual([]);
    await context.close();
  }
});

test('a login whose next is a page on the site returns there, normalised', async ({ page }) => {
  await page.goto(`${site.baseUrl}/login?next=${encodeURIComponent('/./blog/../cards?page=2')}`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${site.baseUrl}/cards?page=2`);
});
