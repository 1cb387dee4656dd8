import type { Page } from '@playwright/test';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { type MailedServer, startMailedServer } from './mailed-server.ts';

test.describe.configure({ mode: 'serial' });

// Demo serials from the seed (and the README).
const DEMO = 'TXM6-WQCD-A7XM';
const CLAIMABLE = 'KMQ8CB9YWGJD';
const BLOCKED = 'W9PX-4XMV-DGHY';

let site: MailedServer;
const email = `holder.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';

test.beforeAll(async () => {
  site = await startMailedServer();
});

test.afterAll(async () => {
  await site.close();
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

test('a demo serial is genuine 1/5 on the first check, and the sixth check reaches the limit', async ({
  page,
}) => {
  await go(page, `/verify?code=${DEMO}`);
  const result = page.locator('.verification');
  await expect(result).toHaveAttribute('data-verdict', 'genuine');
  await expect(result).toContainText('Genuine product');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await expect(page.getByLabel('Serial number or SKU')).toHaveValue(DEMO);

  for (let n = 2; n <= 5; n++) {
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('attempts')).toHaveText(`${n}/5`);
  }
  await expect(result).toHaveAttribute('data-verdict', 'warning');
  await expect(result).toContainText('Genuine product — verified 5 times');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toContainText('Verification limit reached');
  await expect(page.getByTestId('attempts')).toHaveText('6/5');
  // A reload checks once more (the link is checked on load), never twice.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('attempts')).toHaveText('7/5');
});

test('the manual input: blank, a SKU, a blocked serial, unknown codes up to the limit', async ({ page }) => {
  await go(page, '/verify');
  await expect(page.locator('.verification')).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a serial number or SKU.')).toBeVisible();

  const input = page.getByLabel('Serial number or SKU');
  await input.fill('ic-cls-mb');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.verification')).toContainText(
    'Known product — enter the serial number on your card to verify it',
  );
  await expect(page).toHaveURL(/\/verify\?code=ic-cls-mb$/);

  await input.fill(BLOCKED);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.verification')).toHaveAttribute('data-verdict', 'bad');
  await expect(page.locator('.verification')).toContainText('This serial number has been blocked');

  const unknown = ['0000-0000-0000', '1111-1111-111F', '2222-2222-222Y', '3333-3333-333D', '4444-4444-444W'];
  for (const [i, code] of unknown.entries()) {
    await input.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('attempts')).toHaveText(`${i + 1}/5`);
    await expect(page.locator('.verification')).toContainText('Not found');
  }
  await input.fill('5555-5555-555B');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.verification')).toContainText('Too many attempts. Try again later.');
});

test('a holder claims a card, and a tap on it opens their public profile', async ({ page, browser }) => {
  // An unclaimed card: the tap page invites the holder to sign in and claim it.
  await go(page, `/c/${CLAIMABLE}`);
  await expect(page.getByRole('heading', { name: 'This intro card is ready to set up' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in and claim this card' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await hydrated(page);

  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('First name').fill('Hedy');
  await register.getByLabel('Last name').fill('Lamarr');
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByLabel('Confirm password').fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Check your email to activate your account.')).toBeVisible();
  const [uid, token] = new URL(linkIn(await site.smtp.waitFor(email), '/activate')).pathname
    .split('/')
    .slice(-2);
  expect((await page.request.get(`${site.baseUrl}/api/auth/activate/${uid}/${token}/`)).status()).toBe(200);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(`${site.baseUrl}/profile?claim=${CLAIMABLE}`);
  await hydrated(page);
  const cards = page.getByRole('region', { name: 'My cards' });
  await expect(cards.getByLabel('Serial number')).toHaveValue(CLAIMABLE);
  await cards.getByRole('button', { name: 'Claim card' }).click();
  await expect(page.getByText('Card claimed: a tap now opens your profile.')).toBeVisible();
  await expect(cards.getByRole('listitem', { name: 'Card KMQ8-CB9Y-WGJD' })).toContainText(
    `${site.baseUrl}/c/${CLAIMABLE}`,
  );

  // Anyone tapping the card now lands on Hedy's public profile.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`${site.baseUrl}/c/${CLAIMABLE}`);
  await expect(tab).toHaveURL(`${site.baseUrl}/profile/hedy-lamarr`);
  await expect(tab.getByRole('heading', { name: 'Hedy Lamarr' })).toBeVisible();
  const unknown = await tab.goto(`${site.baseUrl}/c/0000-0000-0000`);
  expect(unknown?.status()).toBe(404);
  await expect(tab.getByRole('heading', { level: 1, name: 'Card not found.' })).toBeVisible();
  await expect(tab.getByRole('main').getByRole('link', { name: 'Verify a product' })).toHaveAttribute(
    'href',
    '/verify',
  );
  await visitor.close();

  // Released, the card invites its next holder again.
  await cards.getByRole('button', { name: 'Release card KMQ8-CB9Y-WGJD' }).click();
  await page.getByRole('dialog', { name: 'Release card' }).getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Card released')).toBeVisible();
  await go(page, `/c/${CLAIMABLE}`);
  await expect(page.getByRole('heading', { name: 'This intro card is ready to set up' })).toBeVisible();
});
