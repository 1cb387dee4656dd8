import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { signVia } from '../../server/modules/insights/signed-via.ts';
import { type CardOwner, DEMO_CARD_OWNERS, seedCardOwners } from '../../server/test/card-owners.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';

const SECRET = 'e2e-card-exchange-session-secret-0123456789';
/** A scan of Maya's QR code: the source as the server signs it (a typed-in `?via=qr` is a plain link). */
const QR_VIA = encodeURIComponent(signVia(SECRET, 'maya-lindqvist', { source: 'qr', card: null }));

/**
 * "Share your details with {first name}" on the card page, as a visitor without JavaScript uses it: the
 * disclosure opens, a refused post comes back with the error beside its field and nothing typed lost, a
 * good one says so and the owner's mail arrives with the person's contact card. The page has no React on
 * the client: nothing here waits for hydration.
 */

const [maya] = DEMO_CARD_OWNERS as [CardOwner];
const hidden: CardOwner = {
  username: 'hidden-exchange',
  email: 'hidden-exchange@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Hana',
  lastName: 'Hidden',
  publicFields: ['job_title'],
  isPrivate: true,
};

let site: MailedServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startMailedServer({ SESSION_SECRET: SECRET }, (dataDir) =>
    seedCardOwners(dataDir, [maya, hidden]),
  );
});

test.afterAll(async () => {
  await site?.close();
});

async function noScriptPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  return context.newPage();
}

const openForm = (page: Page) => page.getByText('Share your details with Maya', { exact: true });
const consent = (page: Page) =>
  page.getByLabel(
    'I agree that Maya Lindqvist receives these details: by e-mail and in their contacts on this site.',
  );

for (const width of [390, 1280]) {
  test(`at ${width} px without JavaScript: a refused form keeps what was typed, a good one reaches the owner`, async ({
    browser,
  }) => {
    const page = await noScriptPage(browser, width);
    await page.goto(`${site.baseUrl}/profile/${maya.username}?via=${QR_VIA}`);
    const form = page.getByRole('form', { name: 'Share your details with Maya' });
    await expect(form).toBeHidden();
    await openForm(page).click();
    await expect(form).toBeVisible();
    const name = `Ravi ${width}`;
    const email = `ravi-${width}@example.test`;
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Company', { exact: true }).fill('Harbour Analytics');
    await page.getByLabel('Note (optional)').fill('About the pilot in March.');
    await page.screenshot({ path: `/tmp/exchange-open-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Send my details' }).click();
    const refused = page.getByRole('status').filter({ hasText: 'Please check the fields marked below.' });
    await expect(refused).toBeVisible();
    await expect(consent(page)).toHaveAccessibleDescription('Tick the box to agree to share your details.');
    await expect(consent(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your name')).toHaveValue(name);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Harbour Analytics');
    await expect(page.getByLabel('Note (optional)')).toHaveValue('About the pilot in March.');
    // The post went to the page's own address, so the visit's source came with it.
    expect(new URL(page.url()).search).toBe(`?via=${QR_VIA}`);
    // …and the answer is in view, not at the top of a long page.
    await expect(refused).toBeInViewport();
    await expect(refused).toBeFocused();
    await page.screenshot({ path: `/tmp/exchange-error-${width}.png`, fullPage: true });

    await consent(page).check();
    await page.getByRole('button', { name: 'Send my details' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Thank you! Maya has your details.' });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(sent).toBeInViewport();
    await expect(page.getByLabel('Your name')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/exchange-sent-${width}.png`, fullPage: true });

    const mail = await site.smtp.waitFor(
      maya.email,
      (m) => m.subject === `${name} shared their details with you`,
    );
    expect(mail.text).toContain('(QR code)');
    const file = mail.attachments.find((attachment) => attachment.filename.endsWith('.vcf'));
    const card = new ICAL.Component(ICAL.parse(file?.content ?? '') as unknown as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe(name);
    expect(card.getFirstPropertyValue('email')).toBe(email);
    const copy = await site.smtp.waitFor(email);
    expect(copy.subject).toBe('You shared your details with Maya Lindqvist');
    expect(copy.text).not.toContain('pilot in March');
    await page.context().close();
  });
}

test('at 320 and 390 px the open form fits, and Save contact never covers it', async ({ browser }) => {
  for (const width of [320, 390]) {
    const page = await noScriptPage(browser, width);
    await page.setViewportSize({ width, height: 700 });
    await page.goto(`${site.baseUrl}/profile/${maya.username}`);
    await openForm(page).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    const send = page.getByRole('button', { name: 'Send my details' });
    await send.scrollIntoViewIfNeeded();
    const button = await send.boundingBox();
    const bar = await page.locator('.card-save-bar').boundingBox();
    expect(button && bar, `${width} px`).toBeTruthy();
    if (button && bar) expect(button.y + button.height <= bar.y || button.y >= bar.y + bar.height).toBe(true);
    await page.context().close();
  }
});

test('a private card shows its owner no form', async ({ browser }) => {
  const context = await browser.newContext();
  const login = await context.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: hidden.email, password: hidden.password },
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/profile/${hidden.username}`);
  await expect(page.getByText('Private: only you can see this page')).toBeVisible();
  await expect(page.getByText(/Share your details/)).toHaveCount(0);
  await context.close();
});

test('the owner trying their own form is told politely, and the page keeps their bar', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const login = await context.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: maya.email, password: maya.password },
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/profile/${maya.username}`);
  await openForm(page).click();
  await page.getByLabel('Your name').fill('Maya herself');
  await page.getByLabel('E-mail', { exact: true }).fill('maya.self@example.test');
  await consent(page).check();
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'This is your own card: share it with the people you meet instead.' }),
  ).toBeVisible();
  await expect(page.getByText('Only you see this bar')).toBeVisible();
  await context.close();
});

test('past the limit per client the page says so and keeps what was typed', async ({ browser }) => {
  // Every request here comes from 127.0.0.1: share through the API until this client is refused.
  let status = 0;
  for (let i = 0; i < 10 && status !== 429; i++) {
    const response = await fetch(`${site.baseUrl}/api/auth/public-profile/${maya.username}/exchange/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ name: `Filler ${i}`, phone: '+1 202 555 0101', consent: true }),
    });
    status = response.status;
  }
  expect(status).toBe(429);
  const page = await noScriptPage(browser, 390);
  await page.goto(`${site.baseUrl}/profile/${maya.username}`);
  await openForm(page).click();
  await page.getByLabel('Your name').fill('One Too Many');
  await page.getByLabel('Phone').fill('+1 202 555 0199');
  await consent(page).check();
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You have shared your details many times in the last hour.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('One Too Many');
  await expect(consent(page)).toBeChecked();
  await page.context().close();
});

test('the answer to a post is never stored, and the shared page stays the same for everyone', async () => {
  const url = `${site.baseUrl}/profile/${maya.username}?via=qr`;
  const before = await (await fetch(url)).text();
  const posted = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: 'name=Cache+Probe&email=probe%40example.test',
  });
  expect(posted.status).toBe(200);
  expect(posted.headers.get('cache-control')).toBe('no-store');
  expect(await posted.text()).toContain('Cache Probe');
  const after = await fetch(url);
  expect(after.headers.get('cache-control')).toContain('public');
  const page = await after.text();
  expect(page).not.toContain('Cache Probe');
  // The same HTML for every visitor, but for the per-response CSP nonce.
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');
  expect(withoutNonce(page)).toBe(withoutNonce(before));
  expect(page).toMatch(/<input id="exchange-via" type="hidden" name="via" value=""\/>/);
});

for (const width of [390, 1280]) {
  test(`at ${width} px the open form and its errors pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.baseUrl}/profile/${maya.username}`);
    await openForm(page).click();
    await page.getByRole('button', { name: 'Send my details' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
  });
}
