import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

let site: MailedServer;
const email = `claire.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, { firstName: 'Claire', lastName: 'Dupont', email, password });
});

async function signIn(page: Page) {
  const response = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email, password },
    headers: { origin: site.baseUrl },
  });
  expect(response.status()).toBe(200);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('buying for a company: off by default, the VAT ID checked for its country, the order made out to the company', async ({
  page,
}) => {
  await signIn(page);
  const added = await page.request.post(`${site.baseUrl}/api/auth/address/`, {
    data: { address: '12 rue de la Paix', city: 'Paris', country_code: 'FR', postal_code: '75002' },
    headers: { origin: site.baseUrl },
  });
  expect(added.status()).toBe(201);
  await page.goto(`${site.baseUrl}/cards/classic-intro-card-matte-black`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto(`${site.baseUrl}/checkout`);
  await hydrated(page);

  const billing = page.getByRole('group', { name: 'Billing' });
  const toggle = billing.getByRole('checkbox', { name: 'I’m buying for a company' });
  await expect(toggle).not.toBeChecked();
  await expect(billing.getByLabel('Company name')).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const controlled = await toggle.getAttribute('aria-controls');
  await expect(page.locator(`[id="${controlled}"]`)).toHaveCount(1);
  await expect(page.getByTestId('checkout-tax-rate')).toBeVisible();

  await toggle.check();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Nothing typed yet: the summary says it is priced as a person's order, and ordering points at what is missing.
  await expect(page.getByTestId('checkout-company-incomplete')).toHaveText(
    'Priced as a personal order until the company’s details are complete.',
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(billing.getByLabel('Company name')).toBeFocused();
  await expect(billing.getByText('Enter the company’s name (at most 200 characters).')).toBeVisible();
  await expect(billing.getByText('Choose the billing country.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await billing.getByLabel('Company name').fill('Société Exemple SARL');
  await billing.getByLabel('Billing address').fill('12 rue de la Paix');
  await billing.getByLabel('Postal code').fill('75002');
  await billing.getByLabel('City').fill('Paris');
  await billing.getByRole('combobox', { name: 'Country' }).fill('France');
  await expect(billing.getByText('Chosen: France.')).toBeVisible();
  await expect(billing.getByText(/For example FR12345678901/)).toBeVisible();
  await expect(page.getByTestId('checkout-company-incomplete')).toHaveCount(0);

  // A VAT ID of the wrong shape is refused as the buyer leaves the field, naming the format.
  const vat = billing.getByLabel('VAT ID (optional)');
  await vat.fill('FR 123');
  await vat.blur();
  await expect(billing.getByRole('alert')).toHaveText(
    'A VAT ID from France is FR followed by 2 letters or digits and 9 digits, for example FR12345678901.',
  );
  await vat.fill('fr 12 345 678 901');
  await expect(billing.getByRole('alert')).toHaveCount(0);
  await expect(vat).toHaveAttribute('aria-invalid', 'false');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`checkout-company-${width}.png`), fullPage: true });
  }

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  const id = new URL(page.url()).searchParams.get('order');
  const order = await (await page.request.get(`${site.baseUrl}/api/orders/${id}/`)).json();
  // The demo firm is in the US: a company abroad is billed by name and VAT ID, taxed as any order there.
  expect(order.billing).toEqual({
    company: 'Société Exemple SARL',
    vat_id: 'FR12345678901',
    address: '12 rue de la Paix',
    postal_code: '75002',
    city: 'Paris',
    country: 'France',
    country_code: 'FR',
  });
  expect(order.tax_treatment).toBe('standard');
});
