import { expect, hydrated, open, test } from './support/fixtures.ts';

test('a card opens from the list, adds to the cart, and the count survives a reload', async ({ page }) => {
  await open(page, '/cards');
  const first = page.getByRole('article').first();
  const name = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(name).not.toBe('');
  await first.getByRole('link').click();

  await expect(page).toHaveURL(/\/cards\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ quantity: 2, card: { name } });
  expect(typeof stored[0].design).toBe('string');
});

test('Buy Now adds the card and goes to checkout', async ({ page }) => {
  await open(page, '/cards/eco-intro-card-bamboo');
  const checkout = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/checkout'));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await checkout;
  // Checkout is for signed-in customers: a visitor lands on the login page, which leads back there.
  await expect(page).toHaveURL(/\/(checkout|login\?next=%2Fcheckout)$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('a card without a description says so', async ({ page }) => {
  await page.goto('/cards/heritage-intro-card-bamboo');
  await expect(page.getByText('No description available.')).toBeVisible();
});

test('a missing card shows "Card not found." with a 404, in the 404 page\'s style, and ways on', async ({
  page,
}) => {
  const response = await page.goto('/cards/no-such-card');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Card not found.' })).toBeVisible();
  await expect(page.locator('.error-page .error-code')).toHaveText('404');
  await expect(page.getByText('Have a look at the cards we have')).toBeVisible();
  await expect(page).toHaveTitle('Card not found | Nexa Digital');
  await page.getByRole('link', { name: 'Browse all smart cards' }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Cards' })).toBeVisible();
});

test('"Loading card details..." shows while a card opens on client navigation', async ({ page }) => {
  // The cart opens its cards through the client router (the card list is a light page: a document load).
  await open(page, '/cards/classic-intro-card-matte-black');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await open(page, '/cart');
  // Hold the card's data request so the pending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/cards\/[^/?]+\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('main').getByRole('link', { name: 'Classic Intro Card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading card details...' })).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});
