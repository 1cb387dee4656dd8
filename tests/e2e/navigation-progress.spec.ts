import { expect, open, test } from './support/fixtures.ts';

test('a slow navigation shows a progress bar after 150 ms and tells screen readers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A hydrated page (the marketing pages are light: their links load a whole document, decision 034).
  await open(page, '/cart');
  // The next page's data is held until the test lets it go (the shop has a loader: /about has none, so
  // going there needs no data request at all).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/cards.data*', async (route) => {
    await held;
    await route.continue();
  });
  const bar = page.locator('.nav-progress');
  const status = page.getByRole('status').filter({ hasText: 'Loading page...' });
  await expect(bar).toHaveAttribute('data-active', 'false');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(bar).toHaveAttribute('data-active', 'true');
  await expect(bar).toBeVisible();
  await expect(status).toHaveCount(1);
  release();

  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Smart Cards');
  await expect(bar).toHaveAttribute('data-active', 'false');
  await expect(status).toHaveCount(0);
});
