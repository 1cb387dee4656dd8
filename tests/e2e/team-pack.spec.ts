import type { Page } from '@playwright/test';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { checkOutToNewAddress } from './support/checkout.ts';
import { expect, HEAVY_WORK_MS, hydrated, newTab, test } from './support/fixtures.ts';
import { logIn } from './support/log-in.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { RESIDENT_ADMINS } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';
import { shot } from './support/shots.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Blue-Harbour-42';
const admin = RESIDENT_ADMINS.teamPack;
const buyer = {
  firstName: 'Maya',
  lastName: 'Lindqvist',
  email: 'maya.team@example.test',
  password: PASSWORD,
};
const ana = { firstName: 'Ana', lastName: 'Sousa', email: 'ana.team@example.test', password: PASSWORD };
const ben = { firstName: 'Ben', lastName: 'Okafor', email: 'ben.team@example.test', password: PASSWORD };
const PACK = '/cards/team-pack-matte-black';
const NAMES = ['Maya Lindqvist', 'Ana Sousa', 'Ben Okafor', 'Cleo Park', 'Dev Rao'];
let site: MailedServer;
/** The pack's order, once placed: the admin console's frame is looked at with it. */
let placed: { number: string; id: string } | undefined;
let anasSerial: string | undefined;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  test.setTimeout(150_000);
  site = asSpecClient(sharedSite, import.meta.filename);
  // Ben has no account until his card's link leads him to make one.
  for (const who of [buyer, ana]) await registerActiveUser(site, who);
});

/** New serials for the Team Pack, made as the firm makes a print batch (its CSV: serial,sku,tap_url). */
async function printBatch(firm: Page, count: number): Promise<string[]> {
  const csv = await firm.evaluate(
    async (body) => {
      const answer = await fetch('/api/admin/serials/batch/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return answer.text();
    },
    { sku: 'IC-TEAM5-MB', count },
  );
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '');
}

test('a Team Pack is printed per member, shipped with each card’s serial, and each member claims theirs from the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await logIn(page, site.baseUrl, buyer, PACK);
  const form = page.getByRole('region', { name: 'Personalise your card' });
  for (const [i, name] of NAMES.entries()) {
    await form.getByLabel('Card', { exact: true }).selectOption(String(i));
    await form.getByLabel('Printed name').fill(name);
    await form.getByLabel('Job title').fill(i === 0 ? 'Founder' : 'Engineer');
    const member = i === 1 ? ana.email : i === 2 ? ben.email : '';
    if (member) await form.getByLabel('Team member’s e-mail (optional)').fill(member);
  }
  await expect(form.getByRole('img', { name: 'Front of the card' })).toContainText('Dev Rao');
  await form.getByRole('button', { name: 'Add personalised card to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const order = await checkOutToNewAddress(page, site.baseUrl, {
    street: 'Storgatan 4',
    city: 'Stockholm',
    postalCode: '111 23',
    country: 'Sweden',
  });
  placed = order;
  // A pack of 5 is 5 printed cards, not 1 item: on the order placed, in its mail and in the admin console.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('card-count')).toHaveText('5');
    await expect(page.getByTestId('card-count')).toBeInViewport();
  }
  const confirmation = await site.smtp.waitFor(buyer.email, (m) => m.subject.includes(order.number));
  expect(confirmation.text).toMatch(/Total: \$[\d.]+ \(5 cards\)/);

  // The firm sends the proof; the buyer approves it from the mail.
  const firm = await newTab(await browser.newContext());
  await logIn(firm, site.baseUrl, admin, `/admin/orders?search=${order.number}`);
  const listed = firm.getByRole('row', { name: new RegExp(order.number) });
  await expect(listed.locator('td[data-label="Cards"]')).toHaveText('5');
  await firm.goto(`${site.baseUrl}/admin/orders/${order.id}`);
  await hydrated(firm);
  await expect(firm.getByRole('region', { name: 'Lines' }).getByRole('row', { name: /Total/ })).toContainText(
    '5 cards',
  );
  await firm
    .getByRole('region', { name: 'Proof' })
    .getByRole('button', { name: 'Send proof to customer' })
    .click();
  await expect(firm.getByText('Proof version 1 sent')).toBeVisible({ timeout: HEAVY_WORK_MS });
  const proofMail = await site.smtp.waitFor(buyer.email, (m) => m.subject.includes('approve the proof'));
  await page.goto(linkIn(proofMail, '/proof'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Approve proof' }).click();
  // Approving issues the invoice, drawn in the pool like the proof.
  await expect(page.locator('#main').getByRole('status')).toContainText('your order is confirmed', {
    timeout: HEAVY_WORK_MS,
  });

  // Shipping asks for the serial on each member's card, and names a mistake against its card.
  const [forAna, forBen] = await printBatch(firm, 2);
  anasSerial = forAna;
  await firm.reload();
  await hydrated(firm);
  // Shipping waits for payment, unless the firm says why not (decision 063).
  const money = firm.getByRole('region', { name: 'Payment' });
  await money.getByLabel('Why it may ship unpaid').fill('Invoice to follow with the team’s next order');
  await money.getByRole('button', { name: 'Let it ship unpaid' }).click();
  await expect(firm.getByText('The order may now ship before it is paid.')).toBeVisible();
  await firm.getByRole('button', { name: 'Mark as shipped' }).click();
  const dialog = firm.getByRole('dialog', { name: 'Mark as shipped' });
  await dialog.getByLabel(`Team Pack (5 cards), card 2: Ana Sousa for ${ana.email}`).fill(forAna ?? '');
  await dialog.getByLabel(`Team Pack (5 cards), card 3: Ben Okafor for ${ben.email}`).fill(forAna ?? '');
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(dialog.getByText('this one is entered twice')).toBeVisible();
  await shot(firm, 'team-pack-ship', [1280]);
  await dialog.getByLabel(`Team Pack (5 cards), card 3: Ben Okafor for ${ben.email}`).fill(forBen ?? '');
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(firm.getByText('each team member have been e-mailed')).toBeVisible();
  await expect(firm.getByText(/sent, not claimed yet/)).toHaveCount(2);
  await firm.context().close();

  // Ana has no session on this device: she signs in from the page and claims the card.
  const anaMail = await site.smtp.waitFor(ana.email, (m) => m.subject.includes('is on its way'));
  expect(anaMail.text).toContain('Maya Lindqvist');
  expect(anaMail.text).toContain('printed for Ana Sousa');
  const anaPage = await newTab(await browser.newContext());
  // A tap on her card before she claims it says whom it waits for.
  await anaPage.goto(`${site.baseUrl}/c/${forAna}`);
  await expect(anaPage.getByText('was printed for a team member and is waiting for them')).toBeVisible();
  await anaPage.goto(linkIn(anaMail, '/team-card'));
  await hydrated(anaPage);
  await expect(anaPage.getByRole('img', { name: 'Front of your card, printed for Ana Sousa' })).toBeVisible();
  await expect(anaPage.getByText('Maya Lindqvist ordered this card for you')).toBeVisible();
  await shot(anaPage, 'team-card', [390, 1280]);
  await anaPage.getByRole('link', { name: 'Sign in to claim my card' }).click();
  const login = anaPage.getByRole('form', { name: 'Login' });
  await hydrated(anaPage);
  // The card's address is filled in.
  await expect(login.getByLabel('Email')).toHaveValue(ana.email);
  await login.getByLabel('Password').fill(ana.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await anaPage.waitForURL(/\/team-card\//);
  await hydrated(anaPage);
  await anaPage.getByRole('button', { name: 'Claim my card' }).click();
  await expect(anaPage.locator('#main').getByRole('status')).toContainText('The card is yours');
  await anaPage.getByRole('link', { name: 'See my cards' }).click();
  await expect(
    anaPage.getByText(`${forAna?.slice(0, 4)}-${forAna?.slice(4, 8)}-${forAna?.slice(8)}`),
  ).toBeVisible();
  await anaPage.context().close();

  // Ben has not claimed his yet: the buyer sends his link again from her order, and the first stops working.
  const firstBenLink = linkIn(
    await site.smtp.waitFor(ben.email, (m) => m.subject.includes('is on its way')),
    '/team-card',
  );
  await page.goto(`${site.baseUrl}/profile#orders`);
  await hydrated(page);
  const ordered = page.getByRole('listitem', { name: `Order ${order.number}` });
  // The pack's order card, a card claimed and one waiting with its button, fits the narrowest phone.
  await shot(page, 'team-pack-waiting', [320]);
  await expectNoSidewaysScroll(page, 320, '.order-history-item');
  await page.setViewportSize({ width: 1280, height: 720 });
  await ordered.getByRole('button', { name: 'Send the link again' }).click();
  await expect(ordered.getByLabel('Team member’s e-mail')).toHaveValue(ben.email);
  await ordered.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    ordered.getByText(`Link sent to ${ben.email}. The earlier link no longer works.`),
  ).toBeVisible();
  const benMail = await site.smtp.waitFor(ben.email, (m) => m.subject.includes('is on its way'));
  const benLink = linkIn(benMail, '/team-card');
  expect(benLink).not.toBe(firstBenLink);
  await page.goto(firstBenLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This card link is invalid or has already been used.',
  );

  // Ben's link opened where the buyer is signed in: the card is not hers to take.
  await page.goto(benLink);
  await hydrated(page);
  await expect(page.getByText('This card was sent to another e-mail address.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim my card' })).toHaveCount(0);
  // Ben has no account: his link leads him to Register, his address filled in; activated, he logs in with
  // it filled in again and comes back to claim the card.
  const benPage = await newTab(await browser.newContext());
  await benPage.goto(benLink);
  await hydrated(benPage);
  await expect(benPage.getByText(`${ben.email} has no account with`)).toBeVisible();
  await benPage.getByRole('link', { name: 'Create my account to claim it' }).click();
  await expect(benPage.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const register = benPage.getByRole('form', { name: 'Register' });
  await expect(register.getByLabel('Email')).toHaveValue(ben.email);
  await shot(benPage, 'team-member-register', [390, 1280]);
  await register.getByLabel('First name').fill(ben.firstName);
  await register.getByLabel('Last name').fill(ben.lastName);
  await register.getByLabel('Password', { exact: true }).fill(ben.password);
  await register.getByLabel('Confirm password').fill(ben.password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(benPage.getByText('Check your email to activate your account.')).toBeVisible();
  const activation = await site.smtp.waitFor(ben.email, (m) => m.subject.includes('Activate'));
  await benPage.goto(linkIn(activation, '/activate'));
  await hydrated(benPage);
  await benPage.getByRole('link', { name: 'Log in' }).click();
  const benLogin = benPage.getByRole('form', { name: 'Login' });
  await expect(benLogin.getByLabel('Email')).toHaveValue(ben.email);
  await benLogin.getByLabel('Password').fill(ben.password);
  await benLogin.getByRole('button', { name: 'Login' }).click();
  await benPage.waitForURL(/\/team-card\//);
  await hydrated(benPage);
  await benPage.getByRole('button', { name: 'Claim my card' }).click();
  await expect(benPage.locator('#main').getByRole('status')).toContainText('The card is yours');
  await benPage.context().close();

  // The buyer sees where each card went.
  await page.goto(`${site.baseUrl}/profile#orders`);
  await hydrated(page);
  const mine = page.getByRole('listitem', { name: `Order ${order.number}` });
  await expect(mine).toContainText('Shipped');
  await expect(mine.getByText(/claimed [A-Z][a-z]{2} \d/)).toHaveCount(2);
  await shot(page, 'team-pack-claimed', [390]);
  // The pack's order card, with its serials and claims, fits the narrowest phone.
  await expectNoSidewaysScroll(page, 320, '.order-history-item');
});

/** Whether the page scrolls sideways: wider than its window. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the admin console has its own frame, its tables fit a phone, and its audit log says who did what in words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, site.baseUrl, admin, '/admin/orders');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/admin/orders', `/admin/orders/${placed?.id}`, '/admin/serials', '/admin/audit']) {
      await page.goto(`${site.baseUrl}${path}`);
      await hydrated(page);
      // The console's own header, not the shop's: no cart, no Services menu.
      const banner = page.getByRole('banner');
      await expect(banner).toHaveCount(1);
      await expect(banner.getByRole('link', { name: /Nexa Digital\s+Admin/ })).toBeVisible();
      await expect(banner.getByText(admin.email)).toBeVisible();
      await expect(banner.getByRole('link', { name: 'View site' })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByRole('link', { name: /cart/i })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Services' })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await overflows(page), `${path} scrolls sideways at ${width} px`).toBe(false);
      await shot(page, `admin${path.replaceAll('/', '-')}`, [width]);
    }
  }

  // On a phone the sections fold behind a menu button, reached and opened from the keyboard.
  await page.setViewportSize({ width: 390, height: 900 });
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sections.getByRole('link', { name: 'Orders' })).toBeVisible();
  await shot(page, 'admin-menu-open', [390]);
  await sections.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(sections).toBeHidden();

  // Order numbers stay on one line at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  const number = page.getByRole('link', { name: placed?.number ?? 'no order' });
  expect(await number.evaluate((link) => link.getClientRects().length)).toBe(1);

  // The audit log: a member's claim is the customer's, the shipping the admin's, changes in words.
  await page.goto(`${site.baseUrl}/admin/audit?target_type=serial&target_id=${anasSerial}`);
  await hydrated(page);
  const claims = page.getByRole('table');
  await expect(claims.getByRole('columnheader', { name: 'Who' })).toBeVisible();
  await expect(claims.getByRole('row').filter({ hasText: 'Team card claimed' })).toContainText(
    `Customer ${ana.email}`,
  );
  await page.goto(`${site.baseUrl}/admin/audit?target_type=order&target_id=${placed?.id}`);
  await hydrated(page);
  const history = page.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'Status: Confirmed → Shipped' })).toContainText(
    `Admin ${admin.email}`,
  );
  await expect(history.getByRole('row').filter({ hasText: 'Proof approved' })).toContainText(
    `Customer ${buyer.email}`,
  );
  await expect(history).not.toContainText('{');
  await shot(page, 'admin-audit-order', [390, 1280]);
});

for (const width of [390, 1280]) {
  test(`a pack's empty card is guidance until the buyer presses Add, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.baseUrl}${PACK}`);
    await hydrated(page);
    const form = page.getByRole('region', { name: 'Personalise your card' });
    const add = form.getByRole('button', { name: 'Add personalised card to cart' });
    // Signed out, nothing is filled in: what to do next, in the page's ordinary voice, not a warning.
    const next = form.getByRole('status').filter({ hasText: 'card 1 of 5' });
    await expect(next).toHaveText(
      'Type what to print on card 1 of 5; each card of the pack is printed with its own details.',
    );
    const hint = await next.evaluate((element) => ({
      colour: getComputedStyle(element).color,
      muted: getComputedStyle(document.querySelector('.field-hint') ?? document.body).color,
    }));
    expect(hint.colour).toBe(hint.muted);
    await expect(add).toBeEnabled();

    await form.getByLabel('Printed name').fill('Maya Lindqvist');
    await expect(form.getByRole('status').filter({ hasText: 'card 2 of 5' })).toHaveText(
      'Next: card 2 of 5. Choose it under “Card” and type what to print on it.',
    );
    await shot(page, 'pack-guidance', [width]);

    // Pressed with an empty card: now it is the reason nothing was added, on the card it names.
    await add.click();
    await expect(form.getByRole('alert')).toHaveText(
      'Card 2 of 5 has nothing to print yet: type a name, a title or add a picture for it, then add the pack to your cart.',
    );
    await expect(form.getByLabel('Card', { exact: true })).toHaveValue('1');
    await expect(page.getByTestId('cart-count')).not.toHaveText('1');
    await shot(page, 'pack-empty-refused', [width]);
  });
}
