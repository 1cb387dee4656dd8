import type { Page } from '@playwright/test';
import { expect, hydrated, newTab, test } from './support/fixtures.ts';
import { holdReact } from './support/hold-react.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';
import { shot } from './support/shots.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const email = `shopper.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, { firstName: 'Sam', lastName: 'Shopper', email, password });
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

test('browse, fill the cart, check out with a new address, see the order and its e-mail', async ({
  page,
}) => {
  await go(page, '/cards');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/cards\?page=2$/);
  await page
    .getByRole('link', { name: /Classic Intro Card/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Classic Intro Card');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await go(page, '/cards/executive-intro-card-metal-gold');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByRole('link', { name: /^Cart,/ }).click();
  await expect(page).toHaveURL(`${site.baseUrl}/cart`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Classic Intro Card/ })).toContainText('Matte Black');
  await expect(page.getByRole('row', { name: /Executive Intro Card/ })).toContainText('$79.99');

  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Classic Intro Card (Matte Black)' });
  await quantity.fill('3');
  await expect(page.getByRole('row', { name: /Classic Intro Card/ })).toContainText('$74.97');
  await page.getByRole('button', { name: 'Increase Quantity of Classic Intro Card (Matte Black)' }).click();
  await page.getByRole('button', { name: 'Decrease Quantity of Classic Intro Card (Matte Black)' }).click();
  await expect(quantity).toHaveValue('3');
  await expect(page.getByTestId('cart-total')).toHaveText('$154.96');

  await page.getByRole('button', { name: 'Remove Executive Intro Card (Metal Gold)' }).click();
  await expect(page.getByText('Item removed from cart')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('$74.97');
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(`${site.baseUrl}/login?next=%2Fcheckout`);
  await hydrated(page);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${site.baseUrl}/checkout`);
  await hydrated(page);

  await expect(page.getByText('No addresses found. Please add address in your profile first.')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please select a shipping address.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a new address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await modal.getByLabel('Address', { exact: true }).fill('7 Market Street');
  await modal.getByLabel('City').fill('Dublin');
  await modal.getByLabel('Postal code').fill('D01 X2YZ');
  await modal.getByLabel('Country').fill('Ireland');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByRole('radio', { name: '7 Market Street, Dublin, D01 X2YZ, Ireland' })).toBeChecked();
  // Ireland ships in the demo's Europe zone at $14.90, with 23 % VAT on the cards and the shipping.
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$74.97');
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$14.90');
  await expect(page.getByTestId('checkout-zone')).toHaveText('(Europe)');
  await expect(page.getByTestId('checkout-tax-rate')).toHaveText('(23 %)');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$20.67');
  await expect(page.getByTestId('checkout-total')).toHaveText('$110.54');

  // A slow answer shows the placing state; the button cannot be pressed twice.
  await page.route('**/api/orders/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('button', { name: 'Placing Order...' })).toBeDisabled();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('Your order has been placed successfully.')).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^NX-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');

  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(`${site.baseUrl}/profile#orders`);
  const mine = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText('$110.54');
  await expect(mine).toContainText('3 × Classic Intro Card (Matte Black)');
  await expect(mine).toContainText('Shipping (Europe)$14.90');
  // Owed once confirmed: nothing is asked of the buyer before; each order row is an anchor for the mails.
  await expect(mine).toHaveAttribute('id', `order-${number}`);
  await expect(mine).toContainText('Payment: Unpaid: $110.54, due once we confirm the order');
  await shot(page, 'profile-order-payment', [390, 1280]);

  const mail = await site.smtp.waitFor(email, (message) => message.subject.includes(number));
  expect(mail.text).toContain('3 × Classic Intro Card (Matte Black, IC-CLS-MB) at $24.99 = $74.97');
  expect(mail.text).toContain('Tax (23 %): $20.67');
  expect(mail.text).toContain('Total: $110.54 (3 cards)');
  expect(mail.text).toContain('Ships to: 7 Market Street, Dublin, D01 X2YZ, Ireland');
  expect(mail.text).toContain(`${site.baseUrl}/profile#order-${number}`);
  await site.smtp.waitFor('sales@shop.test', (message) => message.subject.includes(number));
});

test('a failed order keeps the cart and says so', async ({ page }) => {
  await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email, password },
    headers: { origin: site.baseUrl },
  });
  await go(page, '/cards/classic-intro-card-matte-black');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await go(page, '/checkout');
  await page.route('**/api/orders/', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"detail":"The database is not answering."}',
    }),
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Failed to place order. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(`${site.baseUrl}/checkout`);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});

test('the cart page does not move when React reads an empty cart after the first paint', async ({ page }) => {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const letReactRun = await holdReact(page);
    await page.goto(`${site.baseUrl}/cart`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('status').filter({ hasText: 'Loading cart...' })).toBeVisible();
    const footerTop = () => page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
    const before = await footerTop();
    letReactRun();
    await hydrated(page);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    expect(await footerTop(), `${width} px`).toBe(before);
    await page.unrouteAll();
  }
});

test('the cart repairs a broken or tampered saved cart, and other tabs follow changes', async ({ page }) => {
  await go(page, '/cart');
  await page.evaluate(() => localStorage.setItem('cart', '{not json'));
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse smart cards' })).toHaveAttribute('href', '/cards');

  // A price edited in the browser is replaced by the server's.
  const cardId = (
    await (await page.request.get(`${site.baseUrl}/api/cards/classic-intro-card-matte-black/`)).json()
  ).id;
  await page.evaluate(
    (id) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            card: { id, name: 'Classic Intro Card', slug: 'classic-intro-card-matte-black', price: '0.01' },
            design: 'Matte Black',
            quantity: 2,
          },
        ]),
      ),
    cardId,
  );
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cart-total')).toHaveText('$49.98');

  const other = await newTab(page.context());
  await go(other, '/cart');
  await expect(other.getByTestId('cart-total')).toHaveText('$49.98');
  await page.getByRole('spinbutton', { name: 'Quantity of Classic Intro Card (Matte Black)' }).fill('5');
  await expect(other.getByTestId('cart-total')).toHaveText('$124.95');
  await expect(other.getByTestId('cart-count')).toHaveText('5');
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(other.getByText('Your cart is empty.')).toBeVisible();
});
