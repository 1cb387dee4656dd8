import { expect, open, test } from './support/fixtures.ts';

const background = (element: Element) => getComputedStyle(element).backgroundColor;

// A light page (the site script keeps the header) and a hydrated one (React does).
for (const path of ['/cards', '/cards/classic-intro-card-matte-black']) {
  test(`the header turns solid once ${path} scrolls past 10px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await open(page, path);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const before = await header.evaluate(background);

    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header.evaluate(background)).not.toBe(before);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(() => header.evaluate(background)).toBe(before);
  });
}

test('the Services submenu lists the six service pages on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const services = nav.getByRole('button', { name: 'Services' });
  await services.focus();
  await page.keyboard.press('Enter');
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  const submenu = nav.locator(`#${await services.getAttribute('aria-controls')}`);
  await expect(submenu.getByRole('link', { name: 'Cloud Solutions' })).toBeVisible();
  const paths = await submenu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  expect(paths).toEqual([
    '/services',
    '/services/cloud-solutions',
    '/services/uiux-design',
    '/services/website-development',
    '/services/software-development',
    '/services/ai-automotion',
    '/services/CyberSecurity-services',
  ]);
  await page.keyboard.press('Escape');
  await expect(services).toHaveAttribute('aria-expanded', 'false');
});

test('a mouse click on a submenu that hovering opened keeps it open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/');
  const products = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
  await products.hover();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await products.click();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Intro Card' }).click();
  await expect(page).toHaveURL(/\/d$/);
});

test('on a hydrated page React feeds the header’s driver: who is signed in, the cart count, each navigation', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A signed-in administrator, without an account: the hint cookie makes the page ask who it is, and the
  // answer (and the logout) are given here.
  await page.context().addCookies([{ name: 'signed_in', value: '1', url: baseURL ?? '' }]);
  await page.route('**/api/auth/profile/', (route) =>
    route.fulfill({
      json: { id: 1, first_name: 'Ada', last_name: 'Hopper', email: 'ada@example.test', role: 'admin' },
    }),
  );
  await page.route('**/api/auth/logout/', (route) => route.fulfill({ json: { detail: 'Logged out.' } }));
  // The card's page is hydrated: its links navigate in the browser, so React keeps the same header.
  await open(page, '/cards/classic-intro-card-matte-black');
  await page.evaluate(() => {
    (window as Window & { notReloaded?: boolean }).notReloaded = true;
  });
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Welcome Ada' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(header).toHaveClass(/\bis-signed-in\b/);

  // A card added on this page: the same tab, so no storage event; React's cart tells the driver.
  await expect(header.getByTestId('cart-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(header.getByTestId('cart-count')).toHaveText('1');
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // A navigation closes the submenu its link was in. By keyboard: focus stays in the item and no mouse
  // leaves it, so only the navigation can close it.
  const nav = header.getByRole('navigation', { name: 'Main' });
  const products = nav.getByRole('button', { name: 'Products' });
  await products.focus();
  await page.keyboard.press('Enter');
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Intro Card' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/d$/);
  await expect(products).toHaveAttribute('aria-expanded', 'false');

  // Logout inside the site: the header shows Login again without a new document.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Welcome/ })).toBeHidden();
  await expect(header.getByRole('link', { name: 'Admin' })).toBeHidden();
  await expect(header).not.toHaveClass(/\bis-signed-in\b/);
  await expect(header.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);
});
