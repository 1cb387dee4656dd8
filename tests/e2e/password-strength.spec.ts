import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
});

test('register: the meter calls a weak password weak with advice, the server refuses it, a strong one passes', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${site.baseUrl}/login`);
  await hydrated(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill(`ada.${Date.now()}@example.test`);
  const loadedBeforeFocus = scripts.length;

  const password = form.getByLabel('Password', { exact: true });
  const meter = form.locator('.password-strength-text[aria-live="polite"]');
  await password.focus();
  // The estimator's dictionaries arrive only now, not with the page.
  await expect.poll(() => scripts.length).toBeGreaterThan(loadedBeforeFocus);

  await password.pressSequentially('Nexa Digital');
  await expect(meter).toHaveText(
    'Strength: weak It should not contain your name, your e-mail address or "Nexa Digital". ' +
      'Use a longer phrase of several unrelated words, or add words only you would choose.',
  );
  await expect(password).toHaveAccessibleDescription(/^Strength: weak/);
  // Advice and all, the page still fits a 320 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await form.getByLabel('Confirm password').fill('Nexa Digital');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.locator('.field-error')).toHaveText(
    'This password is too easy to guess. It should not contain your name, your e-mail address or ' +
      '"Nexa Digital". Use a longer phrase of several unrelated words, or add words only you would choose.',
  );
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // The refusal carries the advice; the meter does not say it twice.
  await expect(meter).toHaveText('Strength: weak');
  const { violations } = await new AxeBuilder({ page })
    .include('form[aria-label="Register"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await password.fill('');
  await password.pressSequentially('velvet cactus lantern pebble');
  await expect(meter).toHaveText('Strength: strong');
  await form.getByLabel('Confirm password').fill('velvet cactus lantern pebble');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Check your email to activate your account.')).toBeVisible();
});
