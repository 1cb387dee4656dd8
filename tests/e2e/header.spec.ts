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
