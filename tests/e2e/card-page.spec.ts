import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import type { CardOwner } from '../../server/test/card-owners.ts';
import { expect, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { CARD_PAGE_OWNERS } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/**
 * The card page (/profile/{username}) at a phone's and a desk's width: the owner's page without the site's
 * chrome or React, its actions only for public fields, the sticky Save contact, Share, the owner's bar,
 * private cards, and the preview picture. The page has no React on the client: nothing here waits for
 * hydration (the fixtures' `hydrated` would wait forever).
 */

const { maya, bart, quiet, hidden } = CARD_PAGE_OWNERS;

let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
});

const cardUrl = (owner: CardOwner) => `${site.baseUrl}/profile/${owner.username}`;

/** What Share hands on: the card's permanent address (no username in it), which opens the card page. */
async function expectPermanentAddressOf(owner: CardOwner, shared: string) {
  expect(shared).toMatch(new RegExp(`^${site.baseUrl}/p/[0-9a-f]{16}$`));
  const opened = await fetch(shared, { redirect: 'manual', headers: site.headers });
  expect(opened.headers.get('location')).toBe(`/profile/${owner.username}`);
}

async function signIn(context: BrowserContext, owner: CardOwner) {
  const response = await context.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: owner.email, password: owner.password },
    headers: { origin: site.baseUrl },
  });
  expect(response.status()).toBe(200);
}

/** Console errors a visitor's browser logs (Lighthouse's Best Practices counts them). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const editBar = (page: Page) => page.getByText('Only you see this bar');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('is the owner’s page: no site chrome, the name as the one h1, actions for public fields, links in order', async ({
      page,
    }) => {
      const errors = consoleErrors(page);
      const response = await page.goto(cardUrl(maya));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
      await expect(page.locator('.site-header, .site-footer, [role="banner"], nav')).toHaveCount(0);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Lindqvist');
      await expect(page.getByText('Head of Partnerships at Northwind Studio')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Maya Lindqvist' })).toHaveAttribute(
        'fetchpriority',
        'high',
      );

      const actions = page.getByRole('list', { name: 'Contact' });
      await expect(actions.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+46701234567');
      await expect(actions.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
        'href',
        'mailto:maya@example.test',
      );
      await expect(actions.getByRole('link', { name: 'Directions' })).toHaveAttribute(
        'href',
        maya.location as string,
      );
      await expect(actions.getByRole('button', { name: 'Share' })).toBeVisible();

      const links = page.getByRole('list', { name: 'Links' }).getByRole('link');
      await expect(links).toHaveText((maya.links ?? []).map((link) => link.title));
      // Through the counting redirect, which sends the browser on to the link itself.
      await expect(links.first()).toHaveAttribute(
        'href',
        new RegExp(`^/profile/${maya.username}/links/\\d+$`),
      );
      // As the browser's click from this page sends it (Sec-Fetch-Site); from anywhere else the address is
      // shown on a page of its own instead (decision 040).
      const sentOn = await page.request.get(
        new URL((await links.first().getAttribute('href')) ?? '', page.url()).href,
        { maxRedirects: 0, headers: { 'sec-fetch-site': 'same-origin' } },
      );
      expect(sentOn.status()).toBe(302);
      expect(sentOn.headers().location).toBe(new URL(maya.links?.[0]?.url as string).href);
      await expect(page.getByRole('link', { name: 'Get your own intro card' })).toHaveAttribute('href', '/d');
      await expect(editBar(page)).toBeHidden();
      expect(errors).toEqual([]);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
    });

    test('shows no action for a field its owner keeps private', async ({ page }) => {
      await page.goto(cardUrl(quiet));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quinn Quiet');
      const actions = page.getByRole('list', { name: 'Contact' });
      await expect(actions.getByRole('link')).toHaveCount(0);
      expect(await page.content()).not.toContain('555 0100');
      expect(await page.content()).not.toContain(quiet.email);
      await expect(page.getByRole('list', { name: 'Links' })).toHaveCount(0);
      // No photo: the initials on the accent colour, and no stock picture.
      await expect(page.locator('.card-initials')).toHaveText('QQ');
      await expect(page.locator('main img')).toHaveCount(0);
    });

    test('Save contact stays in reach while scrolling and gives a vCard an independent parser reads', async ({
      page,
    }) => {
      await page.goto(cardUrl(maya));
      const save = page.getByRole('link', { name: 'Save contact' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect(save).toBeInViewport({ ratio: 1 });
      await page.getByRole('link', { name: maya.links?.[1]?.title as string }).scrollIntoViewIfNeeded();
      await expect(save).toBeInViewport({ ratio: 1 });
      const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
      const card = new ICAL.Component(
        ICAL.parse(await readFile((await download.path()) as string, 'utf8')) as unknown as unknown[],
      );
      const values = (name: string) =>
        card.getAllProperties(name).map((property) => property.getFirstValue());
      expect(values('fn')).toEqual(['Maya Lindqvist']);
      expect(values('email')).toEqual(['maya@example.test']);
      expect(values('tel')).toHaveLength(1);
      expect(values('photo')).toHaveLength(1);
    });

    test('Save contact covers nothing a visitor needs: Share your details shows in the first screen, and focus never lands under the bar', async ({
      page,
    }) => {
      await page.goto(cardUrl(maya));
      const bar = page.locator('.card-save-bar');
      const clear = async (what: string) => {
        const [box, barBox] = await Promise.all([
          page.evaluate(() => document.activeElement?.getBoundingClientRect().toJSON()),
          bar.evaluate((element) => element.getBoundingClientRect().toJSON()),
        ]);
        expect(box.bottom <= barBox.top || box.top >= barBox.bottom, `${what} clear of the bar`).toBe(true);
      };
      const opener = page.getByText(`Share your details with ${maya.firstName}`);
      await expect(opener).toBeInViewport({ ratio: 1 });
      await opener.focus();
      await clear('Share your details');
      // Every link and button of the card, reached with the keyboard, scrolls clear of the bar.
      const reachable = await page
        .locator('main a:visible, main summary:visible, main button:visible')
        .count();
      for (let n = 0; n < reachable + 2; n++) {
        await page.keyboard.press('Tab');
        const onCard = await page.evaluate(() => {
          const focused = document.activeElement;
          return Boolean(focused?.closest('main') && !focused.closest('.card-save-bar'));
        });
        if (onCard) await clear(await page.evaluate(() => document.activeElement?.textContent ?? ''));
      }
      await page.screenshot({ path: `/tmp/shots-card-page/save-bar-${viewport.width}.png` });
    });

    test('Share copies the link where the browser cannot share, and says so', async ({ browser }) => {
      const context = await browser.newContext({
        viewport,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      // Desktop Linux Chromium has no share sheet; a phone's would open instead.
      await page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined }),
      );
      await page.goto(cardUrl(maya));
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('status')).toHaveText('Link copied');
      await expectPermanentAddressOf(maya, await page.evaluate(() => navigator.clipboard.readText()));
      await context.close();
    });

    test('Share opens the share sheet where there is one', async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', {
          value: (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
            return Promise.resolve();
          },
        });
      });
      await page.goto(cardUrl(maya));
      await page.getByRole('button', { name: 'Share' }).click();
      const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
      expect(shared.title).toBe('Maya Lindqvist');
      await expectPermanentAddressOf(maya, shared.url as string);
    });
  });
}

test('the page works without JavaScript, and brings no app bundle: its script is inline and small', async ({
  browser,
}) => {
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await noScript.newPage();
  await page.goto(cardUrl(maya));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Lindqvist');
  await expect(page.getByRole('link', { name: 'Save contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call', exact: true })).toBeVisible();
  // Share needs the script: without it, it is not offered.
  await expect(page.getByRole('button', { name: 'Share' })).toBeHidden();
  await noScript.close();

  const context = await browser.newContext();
  const tab = await context.newPage();
  const scripts: string[] = [];
  const styles: string[] = [];
  tab.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    if (request.resourceType() === 'stylesheet') styles.push(request.url());
  });
  await tab.goto(cardUrl(maya));
  await expect(tab.getByRole('button', { name: 'Share' })).toBeVisible();
  expect(scripts).toEqual([]);
  expect(styles).toEqual([]);
  await expect(tab.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0);
  const inline = await tab.evaluate(() =>
    [...document.scripts].reduce((sum, script) => sum + (script.textContent?.length ?? 0), 0),
  );
  expect(inline).toBeGreaterThan(0);
  expect(inline).toBeLessThan(30 * 1024);
  await context.close();
});

async function visit(browser: Browser, owner: CardOwner, as?: CardOwner) {
  const context = await browser.newContext();
  if (as) await signIn(context, as);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  const response = await page.goto(cardUrl(owner));
  return { context, page, response, errors };
}

test('the Edit bar shows for the signed-in owner only; the page itself is the same for everyone', async ({
  browser,
}) => {
  const anonymous = await visit(browser, maya);
  const anonymousHtml = await anonymous.response?.text();
  const other = await visit(browser, maya, quiet);
  const owner = await visit(browser, maya, maya);
  await expect(editBar(owner.page)).toBeVisible();
  await expect(owner.page.getByRole('link', { name: 'Edit my card' })).toHaveAttribute('href', '/profile');
  // Give the other visitors' scripts the same time to (not) show it.
  await other.page.waitForLoadState('networkidle');
  await expect(editBar(other.page)).toBeHidden();
  await expect(editBar(anonymous.page)).toBeHidden();
  // One cached page for all: the bar is revealed in the browser, not rendered for the owner.
  const strip = (html?: string) => html?.replace(/nonce="[^"]+"/g, '');
  expect(strip(await owner.response?.text())).toBe(strip(anonymousHtml));
  expect([...anonymous.errors, ...other.errors, ...owner.errors]).toEqual([]);
  for (const visitor of [anonymous, other, owner]) await visitor.context.close();
});

test('a private card is a 404 to everyone but its owner, who sees it with a notice, never stored', async ({
  browser,
}) => {
  const anonymous = await visit(browser, hidden);
  expect(anonymous.response?.status()).toBe(404);
  await expect(anonymous.page.getByRole('heading', { level: 1 })).toHaveText('User not found');
  await expect(anonymous.page.getByRole('link', { name: 'Get your own intro card' })).toBeVisible();
  await expect(anonymous.page.locator('.site-header, .site-footer')).toHaveCount(0);
  expect(await anonymous.page.content()).not.toContain('Hana');

  const other = await visit(browser, hidden, maya);
  expect(other.response?.status()).toBe(404);

  const owner = await visit(browser, hidden, hidden);
  expect(owner.response?.status()).toBe(200);
  expect(owner.response?.headers()['cache-control']).toBe('private, no-store');
  await expect(owner.page.getByRole('heading', { level: 1 })).toHaveText('Hana Hidden');
  await expect(owner.page.getByText('Private: only you can see this page')).toBeVisible();
  await expect(editBar(owner.page)).toBeVisible();
  await expect(owner.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // Served to its owner, it was not kept for the next visitor.
  const again = await fetch(cardUrl(hidden), { headers: site.headers });
  expect(again.status).toBe(404);
  expect(
    await fetch(`${site.baseUrl}/api/auth/public-profile/${hidden.username}/card.png`, {
      headers: site.headers,
    }),
  ).toHaveProperty('status', 404);
  for (const visitor of [anonymous, other, owner]) await visitor.context.close();
});

test('a shared link previews as the card: og:image is the drawn PNG at an absolute address', async ({
  page,
}) => {
  await page.goto(cardUrl(bart));
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toBe(`${site.baseUrl}/api/auth/public-profile/${bart.username}/card.png`);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', cardUrl(bart));
  const png = await fetch(image as string, { headers: site.headers });
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await png.arrayBuffer());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  const robots = await (await fetch(`${site.baseUrl}/robots.txt`, { headers: site.headers })).text();
  expect(robots).toContain('Allow: /api/auth/public-profile/*/card.png');
  expect(robots).not.toMatch(/^Disallow: \/profile$/m);
});
