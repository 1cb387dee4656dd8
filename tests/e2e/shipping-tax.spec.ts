import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures.ts';
import {
  type MailedServer,
  registerActiveUser,
  startMailedServerWithAdmin,
} from './support/mailed-server.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const admin = { email: 'rates-owner@example.test', password: 'Owner-Pass-2026' };
const buyer = {
  firstName: 'Greta',
  lastName: 'Buyer',
  email: `greta.${Date.now()}@example.test`,
  password: 'Blue-Harbour-42',
};

test.beforeAll(async () => {
  site = await startMailedServerWithAdmin(admin);
  await registerActiveUser(site, buyer);
});

test.afterAll(async () => {
  await site.close();
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

async function signIn(page: Page, who: { email: string; password: string }) {
  const answer = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: who.email, password: who.password },
    headers: { origin: site.baseUrl },
  });
  expect(answer.status()).toBe(200);
}

test('the admin changes a zone and a tax rate; checkout shows them before ordering and the order keeps them', async ({
  page,
}) => {
  await signIn(page, admin);
  await go(page, '/admin/shipping');
  await expect(page.getByRole('heading', { name: 'Shipping and tax', level: 1 })).toBeVisible();
  const zones = page.getByRole('region', { name: 'Shipping zones' });
  await expect(zones.getByRole('row', { name: /Everywhere else/ })).toContainText('Default');

  // Europe ships at $12.50 from now on.
  await zones.getByRole('button', { name: 'Edit Europe' }).click();
  await zones.getByLabel('Rate per order ($)').fill('12.50');
  await zones.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByText('Zone “Europe” saved.')).toBeVisible();
  await expect(zones.getByRole('row', { name: /Europe/ })).toContainText('$12.50');

  // Germany's tax becomes 7.5 % (a made-up rate, to see it move).
  const countries = page.getByRole('region', { name: 'Countries and tax' });
  await countries.getByRole('button', { name: 'Edit Germany' }).click();
  await expect(countries.getByLabel('Country', { exact: true })).toHaveValue('DE');
  await countries.getByLabel('Tax rate (%)').fill('7.5');
  await countries.getByRole('button', { name: 'Save country' }).click();
  await expect(page.getByText('Germany saved.')).toBeVisible();
  await expect(countries.getByRole('row', { name: /Germany/ })).toContainText('7.5 %');

  // A tax rate above 100 % is refused with the reason.
  await countries.getByLabel('Country', { exact: true }).selectOption('FR');
  await countries.getByLabel('Shipping zone').selectOption({ label: 'Europe ($12.50)' });
  await countries.getByLabel('Tax rate (%)').fill('101');
  await page.evaluate(() => {
    for (const form of document.querySelectorAll('form')) form.noValidate = true;
  });
  await countries.getByRole('button', { name: 'Save country' }).click();
  await expect(page.getByText(/Enter the tax rate as a percentage from 0 to 100/)).toBeVisible();
  await expect(countries.getByRole('row', { name: /France/ })).toContainText('20 %');
  await page.screenshot({ path: test.info().outputPath('admin-shipping-1280.png'), fullPage: true });

  // The customer, with an address in Germany (typed in German) and one in the US.
  await page.context().clearCookies();
  await signIn(page, buyer);
  for (const [address, country] of [
    ['500 Market Street', 'USA'],
    ['Unter den Linden 5', 'Deutschland'],
  ]) {
    const added = await page.request.post(`${site.baseUrl}/api/auth/address/`, {
      data: { address, city: 'Somewhere', state: '', country, postal_code: '10117' },
      headers: { origin: site.baseUrl },
    });
    expect(added.status()).toBe(201);
  }
  await go(page, '/cards/classic-intro-card-matte-black');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await go(page, '/cart');
  await expect(page.getByText('Shipping and tax are calculated at checkout.')).toBeVisible();
  await go(page, '/checkout');

  // Newest address first: Germany. $24.99 + $12.50; 7.5 % of $37.49 = $2.81.
  await expect(page.getByRole('radio', { name: /Unter den Linden 5/ })).toBeChecked();
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$24.99');
  await expect(page.getByTestId('checkout-zone')).toHaveText('(Europe)');
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$12.50');
  await expect(page.getByTestId('checkout-tax-rate')).toHaveText('(7.5 %)');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$2.81');
  await expect(page.getByTestId('checkout-total')).toHaveText('$40.30');
  await page.screenshot({ path: test.info().outputPath('checkout-1280.png'), fullPage: true });

  // Another address, other figures: the US ships at $4.90 with no tax.
  await page.getByRole('radio', { name: /500 Market Street/ }).check();
  await expect(page.getByTestId('checkout-zone')).toHaveText('(United States)');
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$4.90');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$0.00');
  await expect(page.getByTestId('checkout-total')).toHaveText('$29.89');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('checkout-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('radio', { name: /Unter den Linden 5/ }).check();
  await expect(page.getByTestId('checkout-total')).toHaveText('$40.30');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  await expect(page.getByRole('definition').filter({ hasText: '$40.30' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  await go(page, '/profile');
  const order = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(order).toContainText('$40.30');
  await expect(order).toContainText('Subtotal$24.99');
  await expect(order).toContainText('Shipping (Europe)$12.50');
  await expect(order).toContainText('Tax (7.5 %)$2.81');

  const mail = await site.smtp.waitFor(buyer.email, (message) => message.subject.includes(number));
  expect(mail.text).toContain('Shipping (Europe): $12.50');
  expect(mail.text).toContain('Tax (7.5 %): $2.81');
  expect(mail.text).toContain('Total: $40.30');
});

test('the country is chosen from a searchable list by keyboard, its postal code checked, and the order taxed by it', async ({
  page,
}) => {
  await signIn(page, buyer);
  await page.setViewportSize({ width: 320, height: 740 });
  await go(page, '/cards/classic-intro-card-matte-black');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await go(page, '/checkout');
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await modal.getByLabel('Address', { exact: true }).fill('221B Baker Street');
  await modal.getByLabel('City').fill('London');

  // Found by what people call it: an alias lists the United Kingdom, chosen with the arrow keys and Enter.
  const country = modal.getByRole('combobox', { name: 'Country' });
  await country.focus();
  await page.keyboard.type('great brit');
  const list = modal.getByRole('listbox', { name: 'Countries' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option').first()).toHaveText('United Kingdom · Great Britain');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(country).toHaveAttribute('aria-activedescendant', /option-0$/);
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(country).toHaveValue('United Kingdom');
  await expect(modal).toBeVisible();

  // Nothing is wider than a 320 px screen, the open list included.
  await country.fill('deutsch');
  await expect(list.getByRole('option', { name: 'Germany · Deutschland' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('country-picker-320.png') });
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(modal).toBeVisible();

  // Back to the UK by its alias; a postal code of another country's shape is refused, with the reason.
  await country.fill('UK');
  await expect(modal.getByText('Chosen: United Kingdom.')).toBeVisible();
  await modal.getByLabel('Postal code').fill('10115');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(
    modal.getByText('Enter a postal code as it is written in United Kingdom, e.g. SW1A 1AA.'),
  ).toBeVisible();
  await modal.getByLabel('Postal code').fill('nw1 6xe');
  // A name no country has is refused beside the field, never saved.
  await country.fill('Mars');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(modal.getByText('Choose a country from the list: this one was not recognised.')).toBeVisible();
  await country.fill('United Kingdom');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(modal).toBeHidden();

  // Taxed by the country chosen: $24.99 + $12.50 to Europe (as the admin set it above); 20 % of $37.49 = $7.50.
  await expect(
    page.getByRole('radio', { name: '221B Baker Street, London, NW1 6XE, United Kingdom' }),
  ).toBeChecked();
  await expect(page.getByTestId('checkout-tax-rate')).toHaveText('(20 %)');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$7.50');
  await expect(page.getByTestId('checkout-total')).toHaveText('$44.99');
  await page.screenshot({ path: test.info().outputPath('checkout-country-320.png'), fullPage: true });
});
