import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';

test.describe.configure({ mode: 'serial' });

// Demo serials from the seed (and the README).
const DEMO = 'TXM6-WQCD-A7XM';
const SECOND = '4RRF-NHHH-CTE2';
const CLAIMABLE = 'KMQ8CB9YWGJD';
const BLOCKED = 'W9PX-4XMV-DGHY';

let site: MailedServer;
const email = `holder.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';

test.beforeAll(async () => {
  // Behind a "proxy" (this test), so that each check can come from a visitor of its own: a serial counts once
  // per client per day (issue 18), and x/5 needs five visitors.
  site = await startMailedServer({ TRUST_PROXY: '127.0.0.1' });
});

/** The visitor the page's next requests come from, as the trusted proxy reports it. */
/** Visitor n, on a network of its own: a serial's count moves once per network (decision 040). */
async function asVisitor(page: Page, n: number) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `${100 + n}.51.100.1` });
}

test.afterAll(async () => {
  await site.close();
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

/** The result region, announced to screen readers whenever its content changes. */
const region = (page: Page) => page.locator('.verify-result');
const result = (page: Page) => page.locator('.verification');
const heading = (page: Page) => result(page).getByRole('heading', { level: 2 });

async function verify(page: Page, code: string) {
  await page.getByLabel('Serial number or SKU').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('a demo serial is genuine on every check up to 5/5; past that the limit, and never "6/5"', async ({
  page,
}) => {
  await asVisitor(page, 1);
  await go(page, `/verify?code=${DEMO}`);
  await expect(region(page)).toHaveAttribute('role', 'status');
  await expect(result(page)).toHaveAttribute('data-verdict', 'genuine');
  await expect(heading(page)).toHaveText('Genuine product');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await expect(page.getByLabel('Serial number or SKU')).toHaveValue(DEMO);

  await expect(result(page)).toContainText('This serial exists in our registry.');
  // The same visitor again today: the same answer, and the page says why the count did not move.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result(page)).toContainText('Already counted for you today');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');

  // Checked by other visitors, it is still genuine: the same look, the spec's count in the heading.
  for (let n = 2; n <= 5; n++) {
    await asVisitor(page, n);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('attempts')).toHaveText(`${n}/5`);
    await expect(result(page)).toHaveAttribute('data-verdict', 'genuine');
    await expect(heading(page)).toHaveText(`Genuine product — verified ${n} times`);
  }
  await expect(result(page)).toContainText('there is no need to check it again');
  await expect(result(page)).not.toContainText('Already counted');

  await asVisitor(page, 6);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result(page)).toHaveAttribute('data-verdict', 'limit');
  await expect(heading(page)).toHaveText('Verification limit reached');
  await expect(page.getByTestId('attempts')).toHaveText('5/5');
  await expect(result(page).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  // A reload checks once more (the link is checked on load), never twice; still at most 5/5; and later
  // visitors' checks past the limit never show more.
  await page.reload();
  await hydrated(page);
  await expect(result(page)).toHaveAttribute('data-verdict', 'limit');
  await expect(result(page)).toContainText('Already counted for you today');
  await expect(page.getByTestId('attempts')).toHaveText('5/5');
  for (let n = 7; n < 9; n++) {
    await asVisitor(page, n);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByTestId('attempts')).toHaveText('5/5');
});

test('each state has its own look, a blank check clears the last result, and "Verifying..." shows', async ({
  page,
}) => {
  test.setTimeout(90_000); // seven states, each also checked with axe
  await go(page, '/verify');
  await expect(result(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a serial number or SKU.')).toBeVisible();

  const looks = new Map<string, { border: string; icon: string }>();
  async function look(verdict: string) {
    await expect(result(page)).toHaveAttribute('data-verdict', verdict);
    looks.set(verdict, {
      border: await result(page).evaluate((element) => getComputedStyle(element).borderTopColor),
      icon: (await result(page).locator('.verification-icon').getAttribute('data-icon')) ?? '',
    });
    // Each look readable by everyone: contrast of its tinted text, names and roles (WCAG 2.2 AA).
    const { violations } = await new AxeBuilder({ page })
      .include('.verify-result')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${verdict}: ${violation.id}`)).toEqual([]);
  }

  // Another demo serial: genuine on its first checks (by six visitors), then the limit.
  for (let n = 1; n <= 6; n++) {
    await asVisitor(page, 20 + n);
    await verify(page, SECOND);
    await expect(page.getByTestId('attempts')).toHaveText(`${Math.min(n, 5)}/5`);
    if (n === 2) await look('genuine');
  }
  await look('limit');
  await asVisitor(page, 30); // one visitor from here on: the failed look-ups below are theirs

  await verify(page, 'ic-cls-mb');
  await expect(heading(page)).toHaveText('Known product — enter the serial number on your card to verify it');
  await look('known');
  await expect(page).toHaveURL(/\/verify\?code=ic-cls-mb$/);

  // A blank check: the message, and no stale result under it (nor in the address bar).
  await verify(page, '   ');
  await expect(page.getByText('Please enter a serial number or SKU.')).toBeVisible();
  await expect(result(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/verify$/);

  await verify(page, BLOCKED);
  await expect(heading(page)).toHaveText('This serial number has been blocked');
  await expect(result(page)).toContainText('Do not rely on this card');
  await expect(page.getByText('Please enter a serial number or SKU.')).toHaveCount(0);
  await look('blocked');

  // While a check is on its way: "Verifying..." in the button and the result region, the old result gone.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/verify/**', async (route) => {
    await held;
    await route.continue();
  });
  await verify(page, '0000-0000-0000');
  await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  await expect(region(page)).toContainText('Verifying...');
  await expect(result(page)).toHaveCount(0);
  release();
  await expect(heading(page)).toHaveText('Not found');
  await page.unroute('**/api/verify/**');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');
  await look('unknown');

  const unknown = ['1111-1111-111F', '2222-2222-222Y', '3333-3333-333D', '4444-4444-444W'];
  for (const [i, code] of unknown.entries()) {
    await verify(page, code);
    await expect(page.getByTestId('attempts')).toHaveText(`${i + 2}/5`);
    await expect(heading(page)).toHaveText('Not found');
  }
  await verify(page, '5555-5555-555B');
  await expect(heading(page)).toHaveText('Too many attempts. Try again later.');
  await look('limited');

  // No answer at all: the spec's message, in its own look.
  await page.route('**/api/verify/**', (route) => route.abort());
  await verify(page, DEMO);
  await expect(heading(page)).toHaveText('Verification failed.');
  await look('failed');
  await page.unroute('**/api/verify/**');

  // Every state has its own icon; the card's own states (not the service's) each their own colour too.
  const seen = JSON.stringify([...looks]);
  expect(new Set([...looks.values()].map((l) => l.icon)).size, seen).toBe(looks.size);
  const card = ['genuine', 'known', 'limit', 'blocked', 'unknown'].map((v) => looks.get(v)?.border);
  expect(new Set(card).size, seen).toBe(card.length);
});

test('the example in the empty field reads as written and fits, from 320 to 1280 px', async ({ page }) => {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await go(page, '/verify');
    const input = page.getByLabel('Serial number or SKU');
    await expect(input).toHaveAttribute('placeholder', 'e.g. ABCD-EFGH-JKMN');
    const shown = await input.evaluate((element: HTMLInputElement) => {
      const style = getComputedStyle(element, '::placeholder');
      const probe = document.createElement('span');
      probe.textContent = element.placeholder;
      probe.style.cssText = `position:absolute;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing};text-transform:${style.textTransform}`;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const box = getComputedStyle(element);
      const room =
        element.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight);
      return { transform: style.textTransform, text, room };
    });
    expect(shown.transform, `${width} px`).toBe('none');
    expect(shown.text, `${width} px: the example fits`).toBeLessThanOrEqual(shown.room);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    await page.locator('.verify-form').screenshot({ path: `/tmp/shots-verify/placeholder-${width}.png` });
  }
});

test('a holder claims a card, and a tap on it opens their public profile', async ({ page, browser }) => {
  // An unclaimed card: the tap page invites the holder to sign in and claim it.
  await go(page, `/c/${CLAIMABLE}`);
  await expect(page.getByRole('heading', { name: 'This intro card is ready to set up' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in and claim this card' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await hydrated(page);

  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('First name').fill('Hedy');
  await register.getByLabel('Last name').fill('Lamarr');
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByLabel('Confirm password').fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Check your email to activate your account.')).toBeVisible();
  const [uid, token] = new URL(linkIn(await site.smtp.waitFor(email), '/activate')).pathname
    .split('/')
    .slice(-2);
  expect((await page.request.get(`${site.baseUrl}/api/auth/activate/${uid}/${token}/`)).status()).toBe(200);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(`${site.baseUrl}/profile?claim=${CLAIMABLE}`);
  await hydrated(page);
  const cards = page.getByRole('region', { name: 'My cards' });
  await expect(cards.getByLabel('Serial number')).toHaveValue(CLAIMABLE);
  await cards.getByRole('button', { name: 'Claim card' }).click();
  await expect(page.getByText('Card claimed: a tap now opens your profile.')).toBeVisible();
  await expect(cards.getByRole('listitem', { name: 'Card KMQ8-CB9Y-WGJD' })).toContainText(
    `${site.baseUrl}/c/${CLAIMABLE}`,
  );

  // Anyone tapping the card now lands on Hedy's public profile.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`${site.baseUrl}/c/${CLAIMABLE}`);
  await expect(tab).toHaveURL(`${site.baseUrl}/profile/hedy-lamarr`);
  await expect(tab.getByRole('heading', { name: 'Hedy Lamarr' })).toBeVisible();
  const unknown = await tab.goto(`${site.baseUrl}/c/0000-0000-0000`);
  expect(unknown?.status()).toBe(404);
  await expect(tab.getByRole('heading', { level: 1, name: 'Card not found.' })).toBeVisible();
  await expect(tab.getByRole('main').getByRole('link', { name: 'Verify a product' })).toHaveAttribute(
    'href',
    '/verify',
  );
  await visitor.close();

  // Released, the card invites its next holder again.
  await cards.getByRole('button', { name: 'Release card KMQ8-CB9Y-WGJD' }).click();
  await page.getByRole('dialog', { name: 'Release card' }).getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Card released')).toBeVisible();
  await go(page, `/c/${CLAIMABLE}`);
  await expect(page.getByRole('heading', { name: 'This intro card is ready to set up' })).toBeVisible();
});
