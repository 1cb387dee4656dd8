import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServerWithAdmin } from './support/mailed-server.ts';
import { shot } from './support/shots.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const admin = { email: 'books-owner@example.test', password: 'Owner-Pass-2026' };
const statement = readFileSync(
  new URL('../../server/modules/payments/statements/fixtures/day-1.camt053.xml', import.meta.url),
);

test.beforeAll(async () => {
  site = await startMailedServerWithAdmin(admin);
});

test.afterAll(async () => {
  await site.close();
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

test('the admin imports a statement, sees what it did, and sets a waiting line aside', async ({ page }) => {
  const login = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: admin,
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  await go(page, '/admin/bank');
  await expect(page.getByRole('heading', { name: 'Bank statements', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bank' }),
  ).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Statement file (camt.053 XML or CSV)').setInputFiles({
    name: 'day-1.xml',
    mimeType: 'application/xml',
    buffer: statement,
  });
  await page.getByRole('button', { name: 'Import' }).click();
  // No order of the sample exists here: every credit waits for the admin.
  const said =
    '5 lines: 0 matched, 5 to assign, 0 already imported; 1 debit skipped, 1 not yet booked skipped.';
  await expect(page.locator('#main').getByRole('status')).toHaveText(said);
  const waiting = page.getByRole('region', { name: /To assign/ });
  await expect(waiting.getByRole('heading')).toHaveText('To assign (5)');
  await expect(waiting.getByRole('row', { name: /Thanks for the consultation/ })).toContainText('75.00 USD');
  await expect(page.getByRole('region', { name: 'Recent statements' })).toContainText('EXB-STMT-20261127');

  const row = waiting.getByRole('row', { name: /Thanks for the consultation/ });
  await row.getByLabel('Order number').fill('NX-0000-0000');
  await row.getByRole('button', { name: 'Assign' }).click();
  await expect(row.getByRole('alert')).toHaveText('No order has this number.');
  await expect(row.getByLabel('Order number')).toHaveAttribute('aria-invalid', 'true');
  await row.getByRole('button', { name: 'Not a payment for us' }).click();
  // One click is not enough: the admin confirms, and focus is on the confirmation.
  await expect(waiting.getByRole('heading')).toHaveText('To assign (5)');
  await expect(row.getByRole('button', { name: 'Yes, set aside' })).toBeFocused();
  await row.getByRole('button', { name: 'Yes, set aside' }).click();
  await expect(waiting.getByRole('heading')).toHaveText('To assign (4)');
  // The line left the list: focus moved on to a remaining line's order number.
  await expect(page.locator('input[name="order"]:focus')).toHaveCount(1);
  const setAside = page.getByRole('region', { name: 'Set aside' });
  await expect(setAside).toContainText('Thanks for the consultation');

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await shot(page, 'admin-bank', [390, 1280]);

  await setAside.getByRole('button', { name: 'Put back' }).click();
  await expect(waiting.getByRole('heading')).toHaveText('To assign (5)');
  await expect(page.getByRole('region', { name: 'Set aside' })).toHaveCount(0);

  // A refused file: its reason is focused and describes the file input.
  await page.getByLabel('Statement file (camt.053 XML or CSV)').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('date,amount\n2026-11-27,1.00\n'),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.locator('#bank-file-problems')).toBeFocused();
  await expect(page.getByLabel('Statement file (camt.053 XML or CSV)')).toHaveAttribute(
    'aria-describedby',
    'bank-file-problems',
  );
});
