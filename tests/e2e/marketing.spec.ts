import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, open, test } from './support/fixtures.ts';

/** Every public route of the spec's route table, and the heading it shows. */
const PUBLIC_ROUTES: Array<[string, string | RegExp]> = [
  ['/', /./],
  ['/about', 'About'],
  ['/services', 'Our Services'],
  ['/services/cloud-solutions', 'Cloud Solutions'],
  ['/services/uiux-design', 'UI/UX Design'],
  ['/services/website-development', 'Website Development'],
  ['/services/software-development', 'Software Development'],
  ['/services/ai-automotion', 'AI & Automation'],
  ['/services/CyberSecurity-services', 'Cybersecurity'],
  ['/contact', 'Contact'],
  ['/d', 'Intro Card'],
  ['/products/b', 'Access Card'],
  ['/products/c', 'Loyalty Card'],
  ['/cards', 'Smart Cards'],
  ['/cards/classic-intro-card-matte-black', 'Classic Intro Card'],
  ['/cart', 'Cart'],
  ['/verify', 'Verify Product'],
  ['/login', /Login|Account/],
  ['/forgot-password', 'Forgot Password'],
  ['/faq', 'FAQ'],
  ['/privacy', /Privacy/],
  ['/terms', /Terms/],
  ['/blog', 'Blog'],
  ['/blog/one-page-incident-plan', 'A one-page incident plan every team should have'],
];

for (const [path, heading] of PUBLIC_ROUTES) {
  test(`${path} answers 200 with its heading`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  });
}

for (const [width, height, name] of [
  [1280, 900, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  test(`every public page passes axe (WCAG 2.2 AA) on ${name}`, async ({ page }) => {
    // axe takes seconds a page on a busy 2-core machine: the limit grows with the list, not the other way round.
    test.setTimeout(15_000 * PUBLIC_ROUTES.length);
    await page.setViewportSize({ width, height });
    const failures: string[] = [];
    for (const [path] of PUBLIC_ROUTES) {
      await open(page, path);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const violation of violations) {
        failures.push(
          `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
}

test('the services accordion opens one item at a time and can close them all', async ({ page }) => {
  await open(page, '/services');
  const items = page.locator('.accordion-item');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await items.nth(2).locator('summary').click();
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open', '');
  // With the keyboard too.
  await items.nth(1).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(1)).toHaveAttribute('open', '');
  await expect(items.nth(2)).not.toHaveAttribute('open', '');
  await items.nth(1).locator('summary').click();
  for (let i = 0; i < 4; i++) await expect(items.nth(i)).not.toHaveAttribute('open', '');
});

async function activeSlide(page: Page, carousel: string): Promise<string | null> {
  return page
    .getByRole('region', { name: carousel, exact: true })
    .locator('.carousel-slide.is-active')
    .first()
    .getAttribute('aria-label');
}

test('the hero and testimonial sliders advance on their timers, and stop when paused', async ({ page }) => {
  await page.clock.install();
  await open(page, '/');
  expect(await activeSlide(page, 'Highlights')).toBe('1 of 3');
  await page.clock.runFor(5100);
  await expect.poll(() => activeSlide(page, 'Highlights')).toBe('2 of 3');

  const testimonials = page.getByRole('region', { name: 'Testimonials', exact: true });
  const before = await activeSlide(page, 'Testimonials');
  await page.clock.runFor(4100);
  await expect.poll(() => activeSlide(page, 'Testimonials')).not.toBe(before);

  await page.getByRole('button', { name: 'Pause Highlights' }).click();
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  const paused = await activeSlide(page, 'Highlights');
  await page.clock.runFor(15_000);
  expect(await activeSlide(page, 'Highlights')).toBe(paused);
  await expect(page.getByRole('button', { name: 'Play Highlights' })).toHaveAttribute('aria-pressed', 'true');
  await expect(testimonials.getByRole('button', { name: 'Next slide' })).toBeVisible();
});

test('after a navigation inside the site, React runs the same drivers: sliders, fun facts and the map', async ({
  page,
}) => {
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
  );
  await page.clock.install();
  // /verify is hydrated: its links navigate in the browser, so React renders the home page and its widgets.
  await open(page, '/verify');
  await page.evaluate(() => {
    (window as Window & { notReloaded?: boolean }).notReloaded = true;
  });
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await activeSlide(page, 'Highlights')).toBe('1 of 3');
  await page.clock.runFor(5100);
  await expect.poll(() => activeSlide(page, 'Highlights')).toBe('2 of 3');
  await page.getByRole('button', { name: 'Pause Highlights' }).click();
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  await page.clock.runFor(15_000);
  expect(await activeSlide(page, 'Highlights')).toBe('2 of 3');
  await page
    .getByRole('region', { name: 'Highlights', exact: true })
    .getByRole('button', { name: 'Next slide' })
    .click();
  expect(await activeSlide(page, 'Highlights')).toBe('3 of 3');
  await expect(page.locator('.fun-facts-value').first()).not.toBeEmpty();

  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(page.locator('iframe[title^="Map"]')).toHaveAttribute(
    'src',
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
  );
});

test('the partner carousel shows 4, 3, 2 and 1 logos at the spec’s widths', async ({ page }) => {
  for (const [width, count] of [
    [1280, 4],
    [1000, 3],
    [700, 2],
    [400, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/');
    const region = page.getByRole('region', { name: 'Partners', exact: true });
    await expect(region.locator('.carousel-slide.is-active')).toHaveCount(count);
  }
});

test('nothing moves by itself for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await open(page, '/');
  await page.clock.runFor(12_000);
  expect(await activeSlide(page, 'Highlights')).toBe('1 of 3');
  await page
    .getByRole('region', { name: 'Highlights', exact: true })
    .getByRole('button', { name: 'Next slide' })
    .click();
  expect(await activeSlide(page, 'Highlights')).toBe('2 of 3');
});

test('the fun facts read their final numbers without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('.fun-facts')).toContainText('3,500+');
  await expect(page.locator('.fun-facts')).toContainText('90%');
  await context.close();
});

test('the map loads from OpenStreetMap only when asked', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(process.env.E2E_BASE_URL ?? '')) outside.push(request.url());
  });
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
  );
  await open(page, '/contact');
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(page.locator('iframe[title^="Map"]')).toHaveAttribute(
    'src',
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
  );
});

test('sitemap.xml lists the public pages and every active card; robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/services/CyberSecurity-services</loc>');
  expect(sitemap).toContain('/cards/classic-intro-card-matte-black</loc>');
  expect(sitemap).not.toContain('/profile');
  expect(sitemap).toContain('/blog/why-paper-business-cards-get-lost</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
});

test('pages carry JSON-LD: Organization everywhere, Product on a card, BreadcrumbList with a breadcrumb', async ({
  page,
}) => {
  await open(page, '/cards/classic-intro-card-matte-black');
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')['@type']));
  expect(blocks).toEqual(expect.arrayContaining(['Organization', 'Product', 'BreadcrumbList']));
  await hydrated(page);
});

test('keyboard only: a header submenu on a wide screen, and the side sheet on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/');
  const products = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
  for (
    let i = 0;
    i < 30 && !(await products.evaluate((element) => element === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(products).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Intro Card', exact: true }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/d$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  const menu = page.getByRole('button', { name: 'Open menu' });
  for (let i = 0; i < 30 && !(await menu.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  const services = sheet.getByRole('button', { name: 'Services' });
  for (
    let i = 0;
    i < 10 && !(await services.evaluate((element) => element === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(sheet.getByRole('link', { name: 'Cloud Solutions' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/services\/cloud-solutions$/);
  await expect(sheet).toBeHidden();
});

test('each blog teaser on the home page opens its article, which links on to the others', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/');
  const blog = page.getByRole('region', { name: 'From our notebook' });
  const titles = await blog.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toHaveLength(3);
  for (const title of titles) {
    await open(page, '/');
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
    const more = page.getByRole('navigation', { name: 'More articles' });
    await expect(more.getByRole('link')).toHaveCount(4);
  }
  const missing = await page.goto('/blog/no-such-post');
  expect(missing?.status()).toBe(404);
});
