import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../../common/messages/accounts.ts';
import { LEAD_MESSAGES } from '../../server/modules/leads/schemas.ts';
import { expect, hydrated, open, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/** The marketing pages and the card list, served without React in the browser (decision 034). */
const LIGHT_PAGES = [
  '/',
  '/about',
  '/services',
  '/services/cloud-solutions',
  '/faq',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/one-page-incident-plan',
  '/contact',
  '/cards',
  '/cards?page=2',
];

/** Script files the page asked for, and console errors or uncaught exceptions, while it loads and settles. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { scripts, errors };
}

test('a light page loads no script file, runs its inline site script, and logs no error', async ({
  page,
}) => {
  for (const path of LIGHT_PAGES) {
    const seen = watch(page);
    await open(page, path);
    await page.mouse.wheel(0, 2000);
    await page.waitForLoadState('networkidle');
    expect(seen.scripts, path).toEqual([]);
    expect(seen.errors, path).toEqual([]);
    await expect(page.locator('script[src], link[rel=modulepreload]'), path).toHaveCount(0);
    await expect(page.locator('html[data-enhanced]'), path).toHaveCount(1);
    page.removeAllListeners();
  }
  // A hydrated page still loads React.
  const seen = watch(page);
  await open(page, '/verify');
  expect(seen.scripts.length).toBeGreaterThan(0);
});

test('the carousels’ buttons work on a light page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await open(page, '/');
  const hero = page.getByRole('region', { name: 'Highlights', exact: true });
  const active = (region = hero) => region.locator('.carousel-slide.is-active').getAttribute('aria-label');
  expect(await active()).toBe('1 of 3');
  await hero.getByRole('button', { name: 'Next slide' }).click();
  expect(await active()).toBe('2 of 3');
  await hero.getByRole('button', { name: 'Previous slide' }).click();
  await hero.getByRole('button', { name: 'Previous slide' }).click();
  expect(await active()).toBe('3 of 3');
  await expect(hero.locator('.carousel-slide[aria-hidden="true"]')).toHaveCount(2);

  const pause = hero.getByRole('button', { name: 'Pause Highlights' });
  await pause.click();
  await expect(hero.getByRole('button', { name: 'Play Highlights' })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  await page.clock.runFor(15_000);
  expect(await active()).toBe('3 of 3');

  // The partners' track (it moved on by itself meanwhile) slides one logo at a time at this width.
  const partners = page.getByRole('region', { name: 'Partners', exact: true });
  // Hovering pauses it, so its timer cannot move it between the reading and the click.
  await partners.getByRole('button', { name: 'Next slide' }).hover();
  const [shown, count] = ((await active(partners)) ?? '').split(' of ').map(Number);
  await partners.getByRole('button', { name: 'Next slide' }).click();
  expect(await active(partners)).toBe(`${((shown ?? 0) % (count ?? 0)) + 1} of ${count}`);
});

test('the side sheet opens and closes by keyboard on a phone-sized light page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/about');
  const menu = page.getByRole('button', { name: 'Open menu' });
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sheet.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(menu).toBeFocused();

  // A click on the backdrop closes it too.
  await menu.click();
  await expect(sheet).toBeVisible();
  await page.mouse.click(10, 400);
  await expect(sheet).toBeHidden();
});

test('no light page scrolls sideways at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of LIGHT_PAGES) {
    await open(page, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the contact form is sent without React and answers inline', async ({ page }) => {
  await open(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByLabel('First name').fill('Lena');
  await form.getByLabel('Email').fill('lena@example.test');
  await form.getByLabel('Phone number').fill('+1 415 555 0100');
  await form.getByLabel('Subject').fill('A light page');
  await form.getByLabel('Message').fill('Sent from a page without React.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: LEAD_MESSAGES.sent })).toBeVisible();
  await expect(page.locator('html[data-enhanced]')).toHaveCount(1);
});

test.describe('with an account', () => {
  test.describe.configure({ mode: 'serial' });
  let site: MailedServer;
  const who = { firstName: 'Lumi', lastName: 'Light', email: `light.${Date.now()}@example.test` };
  const password = 'Blue-Harbour-42';

  test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

  test.beforeAll(async ({ sharedSite }) => {
    site = asSpecClient(sharedSite, import.meta.filename);
    await registerActiveUser(site, { ...who, password });
  });

  test('the cart count on / shows a cart made in the shop', async ({ page }) => {
    await open(page, `${site.baseUrl}/`);
    await expect(page.getByTestId('cart-count').first()).toHaveText('0');
    await open(page, `${site.baseUrl}/cards/classic-intro-card-matte-black`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await open(page, `${site.baseUrl}/`);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  test('signed in, / shows Welcome and Logout, and Logout signs out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
      data: { email: who.email, password },
      headers: { origin: site.baseUrl },
    });
    expect(response.status()).toBe(200);
    await open(page, `${site.baseUrl}/`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: `Welcome ${who.firstName}` })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Admin' })).toBeHidden();
    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${site.baseUrl}/login`);
    await expect(page.getByText(ACCOUNT_MESSAGES.loggedOut)).toBeVisible();
    await hydrated(page);
    const profile = await page.request.get(`${site.baseUrl}/api/auth/profile/`);
    expect(profile.status()).toBe(401);
    await open(page, `${site.baseUrl}/`);
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toBeHidden();
  });
});
