import { mkdir } from 'node:fs/promises';
import { type Browser, type BrowserContext, type Page, request as playwrightRequest } from '@playwright/test';
import { company } from '../../content/company.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, hydrated, newTab, test } from './support/fixtures.ts';
import {
  type MailedServer,
  registerActiveUser,
  startMailedServerWithAdmin,
} from './support/mailed-server.ts';

/**
 * The card's life in its owner's hands (issue 16, point 4), in a real browser with real mail: lock as lost
 * (a tap shows "This card was reported lost", a claim is refused) and unlock; transfer by the mailed link,
 * accepted by its recipient; an offer nobody accepts changes nothing.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-card-life';
const password = 'Blue-Harbour-42';
const stamp = Date.now();
const admin = { email: 'owner@example.test', password: 'Owner-Pass-2026' };
const giver = { firstName: 'Ada', lastName: 'Lovelace', email: `ada.${stamp}@example.test`, password };
const recipient = { firstName: 'Grace', lastName: 'Hopper', email: `grace.${stamp}@example.test`, password };
const stranger = { firstName: 'Finn', lastName: 'Finder', email: `finn.${stamp}@example.test`, password };

let site: MailedServer;
/** Fresh serials from an admin's batch, handed out one per test. */
let spare: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await mkdir(SHOTS, { recursive: true });
  site = await startMailedServerWithAdmin(admin);
  for (const person of [giver, recipient, stranger]) await registerActiveUser(site, person);
  const request = await playwrightRequest.newContext();
  const login = await request.post(`${site.baseUrl}/api/auth/login/`, {
    data: admin,
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  const batch = await request.post(`${site.baseUrl}/api/admin/serials/batch/`, {
    data: { sku: 'IC-CLS-MB', count: 10 },
    headers: { origin: site.baseUrl },
  });
  expect(batch.status()).toBe(201);
  spare = (await batch.text())
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] as string);
  await request.dispose();
});

test.afterAll(async () => {
  await site?.close();
});

const display = (serial: string) => serial.replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3');

/** A browser context at this width, signed in as `who` (or signed out), and a tab in it. */
async function as(
  browser: Browser,
  width: number,
  who?: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (who) {
    const login = await context.request.post(`${site.baseUrl}/api/auth/login/`, {
      data: { email: who.email, password: who.password },
      headers: { origin: site.baseUrl },
    });
    expect(login.status()).toBe(200);
  }
  return { context, page: await newTab(context) };
}

async function go(page: Page, path: string) {
  const response = await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
  return response;
}

/** A fresh card claimed by the signed-in user of `context`. */
async function claim(context: BrowserContext): Promise<string> {
  const serial = spare.shift() as string;
  const claimed = await context.request.post(`${site.baseUrl}/api/auth/cards/claim/`, {
    data: { serial },
    headers: { origin: site.baseUrl },
  });
  expect(claimed.status()).toBe(201);
  return serial;
}

/** The giver signed in at `width`, a fresh card of theirs on /profile, and its Transfer dialog open. */
async function openTransfer(browser: Browser, width: number) {
  const owner = await as(browser, width, giver);
  const serial = await claim(owner.context);
  await go(owner.page, '/profile#cards');
  const row = cardRow(owner.page, serial);
  await row.getByRole('button', { name: `Transfer card ${display(serial)}` }).click();
  return { owner, serial, row, dialog: owner.page.getByRole('dialog', { name: 'Transfer card' }) };
}

/** For a screenshot: the announcements (toasts) have gone, so they cover nothing. */
async function settled(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

const cardRow = (page: Page, serial: string) =>
  page.getByRole('region', { name: 'My cards' }).getByRole('listitem', { name: `Card ${display(serial)}` });

for (const width of [390, 1280]) {
  test(`lock as lost: a tap shows "reported lost" and a claim is refused; unlock opens the profile again (${width} px)`, async ({
    browser,
  }) => {
    const owner = await as(browser, width, giver);
    const serial = await claim(owner.context);
    await go(owner.page, '/profile#cards');
    const row = cardRow(owner.page, serial);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Lock as lost card ${display(serial)}` }).click();
    await expect(owner.page.getByText(`Card ${display(serial)} locked`)).toBeVisible();
    await expect(row).toContainText('Reported lost');
    await expect(row).toContainText('This card was reported lost');
    // A lost card is not released (that would give it to the finder): only unlocking is offered.
    await expect(row.getByRole('button', { name: /^Release/ })).toHaveCount(0);
    await settled(owner.page);
    await owner.page
      .getByRole('region', { name: 'My cards' })
      .screenshot({ path: `${SHOTS}/my-cards-lost-${width}.png` });

    // The finder taps the card: a calm page with the firm's contact, nothing of the owner.
    const finder = await as(browser, width, stranger);
    const tapped = await go(finder.page, `/c/${serial}`);
    expect(tapped?.status()).toBe(200);
    expect(new URL(finder.page.url()).pathname).toBe(`/c/${serial}`);
    await expect(finder.page.getByRole('heading', { level: 1 })).toHaveText('This card was reported lost');
    const main = finder.page.getByRole('main');
    await expect(main.getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    await expect(main.getByRole('link', { name: company.phone })).toHaveAttribute('href', /^tel:\+/);
    await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    const html = await finder.page.content();
    for (const secret of ['Lovelace', giver.email, 'ada-lovelace']) expect(html).not.toContain(secret);
    await finder.page.screenshot({ path: `${SHOTS}/lost-page-${width}.png`, fullPage: true });

    // Verifying it says it is one of ours, but leads with the warning, not the green all-clear (no name).
    await go(finder.page, `/verify?code=${serial}`);
    const verdict = finder.page.locator('.verification');
    await expect(verdict).toHaveAttribute('data-verdict', 'lost');
    await expect(verdict).toHaveAttribute('data-tone', 'warning');
    await expect(verdict.locator('.verification-label')).toHaveText('Reported lost');
    await expect(verdict.locator('.verification-body > :first-child')).toContainText(
      'Its owner reported this card lost.',
    );
    expect(await finder.page.content()).not.toContain('Lovelace');
    await finder.page.locator('.verification').screenshot({ path: `${SHOTS}/verify-lost-${width}.png` });

    // The finder tries to claim it as theirs: refused, with the reason.
    await go(finder.page, `/profile?claim=${serial}`);
    const cards = finder.page.getByRole('region', { name: 'My cards' });
    await cards.getByRole('button', { name: 'Claim card' }).click();
    await expect(cards.getByRole('alert')).toHaveText('This card was reported lost and cannot be claimed.');
    await expect(cardRow(finder.page, serial)).toHaveCount(0);

    // Unlocked, a tap opens the owner's card page again.
    await row.getByRole('button', { name: `Unlock card ${display(serial)}` }).click();
    await expect(owner.page.getByText(`Card ${display(serial)} unlocked`)).toBeVisible();
    await expect(row).toContainText('Active');
    await finder.page.goto(`${site.baseUrl}/c/${serial}`);
    await expect(finder.page).toHaveURL(/\/profile\/[a-z0-9-]+$/);
    await expect(finder.page.getByRole('heading', { level: 1 })).toContainText('Ada Lovelace');
    await owner.context.close();
    await finder.context.close();
  });

  test(`a signed-in holder claims an unclaimed card on the page its tap opened (${width} px)`, async ({
    browser,
  }) => {
    const serial = spare.shift() as string;
    // Signed out, the page invites a sign-in first (the HTML every visitor gets).
    const visitor = await as(browser, width);
    await go(visitor.page, `/c/${serial}`);
    await expect(visitor.page.getByRole('link', { name: 'Sign in and claim this card' })).toBeVisible();
    await expect(visitor.page.getByRole('button', { name: 'Claim this card' })).toHaveCount(0);
    await visitor.context.close();

    const holder = await as(browser, width, stranger);
    await go(holder.page, `/c/${serial}`);
    const main = holder.page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('This intro card is ready to set up');
    await expect(main.getByRole('link', { name: 'Sign in and claim this card' })).toHaveCount(0);
    await main.getByRole('button', { name: 'Claim this card' }).click();
    await expect(holder.page.getByText('Card claimed: a tap now opens your profile.')).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('This intro card is yours');
    const done = main.getByText('This card is yours now: a tap opens your profile.');
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(done).toBeInViewport();
    await expect(main.getByRole('link', { name: 'Open my card page' })).toHaveAttribute(
      'href',
      /^\/profile\/[a-z0-9-]+$/,
    );
    await settled(holder.page);
    await holder.page.screenshot({ path: `${SHOTS}/claimed-in-place-${width}.png`, fullPage: true });

    // It is theirs: on /profile, and a tap now opens their card page.
    await go(holder.page, '/profile#cards');
    await expect(cardRow(holder.page, serial)).toContainText('Active');
    await holder.page.goto(`${site.baseUrl}/c/${serial}`);
    await expect(holder.page.getByRole('heading', { level: 1 })).toHaveText('Finn Finder');
    await holder.context.close();
  });

  test(`transfer by e-mail: the recipient accepts from the mailed link and the card moves (${width} px)`, async ({
    browser,
  }) => {
    const { owner, serial, row, dialog } = await openTransfer(browser, width);
    const field = dialog.getByLabel("Recipient's e-mail");
    await expect(field).toBeFocused();
    await field.fill(recipient.email);
    await dialog.screenshot({ path: `${SHOTS}/transfer-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(owner.page.getByText(`Offer sent to ${recipient.email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`Offered to g…@example.test`);
    await settled(owner.page);
    await owner.page
      .getByRole('region', { name: 'My cards' })
      .screenshot({ path: `${SHOTS}/my-cards-offered-${width}.png` });

    const mail = await site.smtp.waitFor(recipient.email);
    expect(mail.text).toContain(`Ada Lovelace (${giver.email}) offers you`);
    const link = new URL(linkIn(mail, '/transfer'));

    // Signed out, the link's page shows the offer and asks to sign in with the address it went to.
    const taker = await as(browser, width);
    await go(taker.page, link.pathname);
    await expect(taker.page.getByRole('heading', { level: 1 })).toHaveText('A card offered to you');
    await expect(taker.page.getByRole('main')).toContainText(display(serial));
    await expect(taker.page.getByRole('main')).toContainText(`Offered to ${recipient.email}`);
    await taker.page.screenshot({ path: `${SHOTS}/transfer-page-${width}.png`, fullPage: true });
    await taker.page.getByRole('link', { name: 'Sign in to accept' }).click();
    await expect(taker.page).toHaveURL(/\/login\?next=%2Ftransfer%2F/);
    await hydrated(taker.page);
    const login = taker.page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(recipient.email);
    await login.getByLabel('Password').fill(recipient.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(taker.page).toHaveURL(`${site.baseUrl}${link.pathname}`);
    await hydrated(taker.page);
    await taker.page.getByRole('button', { name: 'Accept the card' }).click();
    await expect(taker.page.getByRole('main').getByRole('status')).toContainText('The card is yours');
    await taker.page.getByRole('link', { name: 'See my cards' }).click();
    await expect(taker.page).toHaveURL(/\/profile/);
    await expect(cardRow(taker.page, serial)).toContainText('Active');

    // It left the giver's list, the giver is told, and a tap opens the recipient's page.
    // (A fresh load, not a jump to the #cards the page is already at.)
    await go(owner.page, '/profile');
    await expect(owner.page.getByRole('heading', { name: 'My cards' })).toBeVisible();
    await expect(cardRow(owner.page, serial)).toHaveCount(0);
    const notice = await site.smtp.waitFor(giver.email);
    expect(notice.text).toContain(`${recipient.email} accepted your offer`);
    // The card page has no React on the client: nothing to wait for but the document.
    await owner.page.goto(`${site.baseUrl}/c/${serial}`);
    await expect(owner.page.getByRole('heading', { level: 1 })).toContainText('Grace Hopper');

    // The link is used up.
    const used = await taker.page.goto(`${site.baseUrl}${link.pathname}`);
    expect(used?.status()).toBe(404);
    await expect(taker.page.getByRole('heading', { level: 1 })).toHaveText(
      'This transfer link is invalid or has expired.',
    );
    await owner.context.close();
    await taker.context.close();
  });

  test(`a transfer nobody accepts changes nothing, and a cancelled link no longer works (${width} px)`, async ({
    browser,
  }) => {
    const { owner, serial, row, dialog } = await openTransfer(browser, width);
    await dialog.getByLabel("Recipient's e-mail").fill(recipient.email);
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(row).toContainText('Offered to g…@example.test');
    const link = new URL(linkIn(await site.smtp.waitFor(recipient.email), '/transfer'));

    // Someone else signed in opens the link: told it is not for them, no button to accept.
    const other = await as(browser, width, stranger);
    await go(other.page, link.pathname);
    await expect(other.page.getByRole('main')).toContainText(
      'This offer was sent to another e-mail address. Sign in with the address it was sent to, then accept it.',
    );
    await expect(other.page.getByRole('button', { name: 'Accept the card' })).toHaveCount(0);

    // Until it is accepted the card is the giver's: a tap opens their page; the recipient has no card.
    const visitor = await as(browser, width);
    await visitor.page.goto(`${site.baseUrl}/c/${serial}`);
    await expect(visitor.page.getByRole('heading', { level: 1 })).toContainText('Ada Lovelace');
    const mine = await as(browser, width, recipient);
    await go(mine.page, '/profile#cards');
    await expect(mine.page.getByRole('heading', { name: 'My cards' })).toBeVisible();
    await expect(cardRow(mine.page, serial)).toHaveCount(0);

    // The giver cancels: the offer leaves the row and its link becomes a clear 404.
    await row.getByRole('button', { name: `Cancel the offer of card ${display(serial)}` }).click();
    await expect(owner.page.getByText(`Offer of card ${display(serial)} cancelled`)).toBeVisible();
    await expect(row).not.toContainText('Offered to');
    const gone = await mine.page.goto(`${site.baseUrl}${link.pathname}`);
    expect(gone?.status()).toBe(404);
    await expect(mine.page.getByRole('heading', { level: 1 })).toHaveText(
      'This transfer link is invalid or has expired.',
    );
    await go(owner.page, '/profile');
    await expect(cardRow(owner.page, serial)).toContainText('Active');
    await expect(cardRow(owner.page, serial)).not.toContainText('Offered to');
    for (const opened of [owner, other, visitor, mine]) await opened.context.close();
  });
}

test('release asks first, says exactly what happens, and offers to lock the card instead; the firm sees the report', async ({
  browser,
}) => {
  const owner = await as(browser, 390, giver);
  const serial = await claim(owner.context);
  await go(owner.page, '/profile#cards');
  const row = cardRow(owner.page, serial);
  await row.getByRole('button', { name: `Release card ${display(serial)}` }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Release card' });
  await expect(dialog).toContainText(
    'Anyone holding this card can then claim it as theirs. If the card is lost, lock it instead.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.screenshot({ path: `${SHOTS}/release-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Lock as lost instead' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Reported lost');
  await owner.context.close();

  // The firm sees the report on the serial's page, beside its own block and unblock.
  const firm = await as(browser, 1280, admin);
  await go(firm.page, `/admin/serials/${serial}`);
  await expect(firm.page.locator('.admin-title')).toContainText('Reported lost');
  await expect(firm.page.getByRole('main')).toContainText('by its owner: a tap shows "reported lost"');
  await expect(firm.page.getByRole('button', { name: 'Block' })).toBeVisible();
  await firm.page.screenshot({ path: `${SHOTS}/admin-serial-lost-1280.png` });
  await firm.context.close();
});
