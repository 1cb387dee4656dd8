import type { Page } from '@playwright/test';
import { expect, hydrated } from './fixtures.ts';

/**
 * From the cart: checkout, a new shipping address typed into its dialog, the order placed. Answers the
 * order's number and id as the success page shows them.
 */
export async function checkOutToNewAddress(
  page: Page,
  baseUrl: string,
  address: { street: string; city: string; postalCode: string; country: string },
): Promise<{ number: string; id: string }> {
  await page.goto(`${baseUrl}/cart`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await modal.getByLabel('Address', { exact: true }).fill(address.street);
  await modal.getByLabel('City').fill(address.city);
  await modal.getByLabel('Postal code').fill(address.postalCode);
  await modal.getByLabel('Country').fill(address.country);
  await modal.getByRole('button', { name: 'Add Address' }).click();
  // The order goes to the new address only once it is saved, chosen and priced: until then "Place Order"
  // would answer "choose an address" or wait for the quote.
  await expect(modal).toBeHidden();
  await expect(page.getByRole('radio', { name: new RegExp(address.street) })).toBeChecked();
  await expect(page.getByTestId('checkout-total')).toHaveText(/^\$\d/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  return {
    number: (await page.getByTestId('order-number').textContent()) ?? '',
    id: new URL(page.url()).searchParams.get('order') ?? '',
  };
}
