import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { generateSerial } from '../../server/modules/registry/serials/serial-code.ts';
import { expect, HEAVY_WORK_MS, hydrated, test } from './support/fixtures.ts';
import {
  type MailedServer,
  registerActiveUser,
  startMailedServerWithAdmin,
} from './support/mailed-server.ts';
import { shot } from './support/shots.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const admin = { email: 'owner@example.test', password: 'Owner-Pass-2026' };
const customer = {
  firstName: 'Cora',
  lastName: 'Customer',
  email: `cora.${Date.now()}@example.test`,
  password: 'Blue-Harbour-42',
};

test.beforeAll(async () => {
  site = await startMailedServerWithAdmin({ ...admin, firstName: 'Olive' });
  await registerActiveUser(site, customer);
});

test.afterAll(async () => {
  await site.close();
});

async function go(page: Page, path: string) {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
}

async function logIn(page: Page, who: { email: string; password: string }, next = '/admin') {
  await go(page, `/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site.baseUrl}${next}`);
  await hydrated(page);
}

test('signed-out visitors are sent to log in, customers get a 403 page', async ({ page }) => {
  await page.goto(`${site.baseUrl}/admin/orders`);
  await expect(page).toHaveURL(`${site.baseUrl}/login?next=%2Fadmin%2Forders`);

  await logIn(page, customer, '/profile');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const response = await page.goto(`${site.baseUrl}/admin`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  expect(response?.headers()['cache-control']).toBe('no-store');
});

test('an admin adds a card with a cover image and it is in the shop at once', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('link', { name: 'New card' }).click();
  await expect(page.getByRole('heading', { name: 'New card' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Ocean Blue Intro Card');
  await expect(page.getByLabel(/^Slug/)).toHaveValue('ocean-blue-intro-card');
  await page.getByLabel('SKU').fill('IC-OCN-BL');
  await page.getByLabel('Design').fill('Ocean Blue');
  await page.getByLabel('Price (USD)').fill('54.00');
  await page.getByLabel(/^Stock/).fill('40');
  await page.getByLabel('Description').fill('Deep blue PVC with a silver chip.');
  const cover = await sharp({ create: { width: 1712, height: 1080, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();
  await page
    .getByLabel(/^Cover image/)
    .setInputFiles({ name: 'ocean.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByRole('img', { name: 'The chosen cover' })).toBeVisible();
  await page.getByRole('button', { name: 'Add card' }).click();
  // The cover is re-encoded in the pool.
  await expect(page.getByText('Ocean Blue Intro Card added to the catalogue.')).toBeVisible({
    timeout: HEAVY_WORK_MS,
  });
  await expect(page).toHaveURL(/\/admin\/cards\/\d+$/);

  await go(page, '/cards');
  const tile = page.getByRole('link', { name: /Ocean Blue Intro Card/ }).first();
  await expect(tile).toBeVisible();
  const image = page.locator('img[src*="/media/cards/uploads/ocean-blue-intro-card-"]').first();
  await expect(image).toBeVisible();
  await tile.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ocean Blue Intro Card');
  await expect(page.getByText('$54.00').first()).toBeVisible();
});

test('an admin chooses what a card prints and its pack size', async ({ page }) => {
  await logIn(page, admin, '/admin/cards/1');
  const personalisation = page.getByRole('group', { name: 'Personalisation' });
  await personalisation.getByLabel('Printed name').check();
  await personalisation.getByLabel('QR code to your card on the back').check();
  const pack = personalisation.getByLabel(/^Cards per pack/);
  await pack.fill('51');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(personalisation.getByText('A pack holds 1 to 50 cards.')).toBeVisible();
  await pack.fill('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/ saved\.$/)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(personalisation.getByLabel('Printed name')).toBeChecked();
  await expect(personalisation.getByLabel('Company')).not.toBeChecked();
  await expect(pack).toHaveValue('5');
});

test('an admin ships a customer’s order and the customer is e-mailed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The customer orders through the API, signed in in their own browser.
  const shopper = await browser.newContext();
  const request = shopper.request;
  const headers = { origin: site.baseUrl };
  expect(
    (
      await request.post(`${site.baseUrl}/api/auth/login/`, {
        data: { email: customer.email, password: customer.password },
        headers,
      })
    ).status(),
  ).toBe(200);
  const address = await (
    await request.post(`${site.baseUrl}/api/auth/address/`, {
      data: {
        address: '7 Harbour Row',
        city: 'Cobh',
        state: '',
        country: 'Ireland',
        postal_code: 'P24 X2YZ',
      },
      headers,
    })
  ).json();
  const card = await (await request.get(`${site.baseUrl}/api/cards/classic-intro-card-matte-black/`)).json();
  const placed = await request.post(`${site.baseUrl}/api/orders/`, {
    data: { address: address.id, items: [{ card: card.id, quantity: 2, design: card.category }] },
    headers: { ...headers, 'idempotency-key': `e2e-admin-${Date.now()}` },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await site.smtp.waitFor(customer.email, (mail) => mail.subject.includes(order.number));
  await shopper.close();

  await logIn(page, admin, '/admin/orders?status=pending');
  await page.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Mark as shipped' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  // Confirming issues the invoice, drawn in the pool.
  await expect(page.getByText(`Order ${order.number} is now confirmed.`, { exact: false })).toBeVisible({
    timeout: HEAVY_WORK_MS,
  });
  // Shipping waits for payment: the transfer is recorded in the money panel, and the customer gets a receipt.
  const money = page.getByRole('region', { name: 'Payment' });
  await expect(money).toContainText('Unpaid, due');
  await money.getByLabel('Amount ($)').fill(order.total);
  await money.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText(`Payment of $${order.total} recorded on order ${order.number}`)).toBeVisible();
  await expect(money.locator('p > strong').first()).toHaveText('Paid');
  await site.smtp.waitFor(customer.email, (m) => m.subject.includes('Payment received'));
  await shot(page, 'admin-order-money', [390, 1280]);
  await page.getByLabel('Note to the customer (optional)').fill('Tracking number: AN123456789IE');
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(page.getByText(`Order ${order.number} is now shipped.`, { exact: false })).toBeVisible();
  await expect(page.locator('.admin-title .admin-badge')).toHaveText('Shipped');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Olive (admin) confirmed the order.');
  await expect(history).toContainText('Olive (admin) marked the order shipped.');
  await expect(history).toContainText('Note to the customer: Tracking number: AN123456789IE');
  await expect(history).not.toContainText('awaiting_proof');

  const mail = await site.smtp.waitFor(customer.email, (m) => m.subject.includes('Shipped'));
  expect(mail.subject).toBe(`Your Nexa Digital order ${order.number}: Shipped`);
  expect(mail.text).toContain('is on its way');
  expect(mail.text).toContain('Tracking number: AN123456789IE');
});

test('an admin generates a batch, downloads its CSV, and a serial from it verifies as genuine', async ({
  page,
}) => {
  await logIn(page, admin, '/admin/serials');
  await page.getByLabel('Card (SKU)').selectOption('IC-EXE-MG');
  await page.getByLabel('How many (1 to 10,000)').fill('3');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate and download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^serials-ic-exe-mg-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(String(await download.path()), 'utf8');
  const rows = csv.trim().split('\n');
  expect(rows[0]).toBe('serial,sku,tap_url');
  expect(rows).toHaveLength(4);
  const [serial, sku, tapUrl] = (rows[1] ?? '').split(',');
  expect(sku).toBe('IC-EXE-MG');
  expect(tapUrl).toBe(`${site.baseUrl}/c/${serial}`);
  await expect(page.getByText('3 serial numbers registered for IC-EXE-MG')).toBeVisible();
  await expect(page.getByRole('link', { name: String(serial).replace(/(.{4})(?=.)/g, '$1-') })).toBeVisible();

  await go(page, `/verify?code=${serial}`);
  await expect(page.locator('.verification')).toHaveAttribute('data-verdict', 'genuine');
  await expect(page.getByTestId('attempts')).toHaveText('1/5');

  // The check shows in the serial's history; blocking it changes the verdict.
  await go(page, `/admin/serials/${serial}`);
  await expect(page.getByRole('table')).toContainText('#1');
  await page.getByRole('button', { name: 'Block' }).click();
  // Blocking names a reason (issue 18): the firm's record of why, never shown to the public.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Block' })).toBeDisabled();
  await dialog.getByLabel('Reason').selectOption('counterfeit');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.locator('.admin-title .admin-badge').first()).toHaveText('Blocked');
  await go(page, `/verify?code=${serial}`);
  await expect(page.locator('.verification')).toContainText('This serial number has been blocked');
});

test('an admin imports a CSV of serials: a bad row is named and nothing imported, then a clean file is', async ({
  page,
}) => {
  await logIn(page, admin, '/admin/serials');
  const form = page.getByRole('form', { name: 'Import a CSV' });
  const [first, second] = [generateSerial(), generateSerial()];
  const file = (name: string, csv: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await form
    .getByLabel('CSV file with the columns serial and sku')
    .setInputFiles(file('bad.csv', `serial,sku\n${first},IC-EXE-MG\nnot-a-serial,IC-EXE-MG\n`));
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByText('Nothing was imported:')).toBeVisible();
  await expect(form.getByText(/line 3: "not-a-serial"/)).toBeVisible();

  await form
    .getByLabel('CSV file with the columns serial and sku')
    .setInputFiles(file('good.csv', `serial,sku\n${first},IC-EXE-MG\n${second},IC-EXE-MG\n`));
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 2 serial numbers.')).toBeVisible();
  await expect(form.getByText('Nothing was imported:')).toHaveCount(0);
  await expect(page.getByRole('link', { name: first.replace(/(.{4})(?=.)/g, '$1-') })).toBeVisible();
});

test('every admin page passes axe (WCAG 2.2 AA) and works from the keyboard', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, admin);
  const orderLink = await (await page.request.get(`${site.baseUrl}/api/admin/orders/`)).json();
  const user = await (await page.request.get(`${site.baseUrl}/api/admin/users/?role=admin`)).json();
  const pages = [
    '/admin',
    '/admin/orders',
    `/admin/orders/${orderLink.results[0].id}`,
    '/admin/cards',
    '/admin/cards/new',
    '/admin/cards/1',
    '/admin/serials',
    '/admin/serials/ECD1DD829NKP',
    '/admin/serials/block',
    '/admin/users',
    `/admin/users/${user.results[0].id}`,
    '/admin/leads',
    '/admin/shipping',
    '/admin/bank',
    '/admin/audit',
  ];
  const failures: string[] = [];
  for (const path of pages) {
    await go(page, path);
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

  // The audit log says who changed what, in words, and leads to the record.
  await go(page, '/admin/audit?target_type=order');
  const shipped = page.getByRole('row').filter({ hasText: 'Tracking number: AN123456789IE' });
  await expect(shipped).toContainText('Status: Confirmed → Shipped');
  await expect(shipped).toContainText(`Admin ${admin.email}`);
  await shipped.getByRole('link', { name: /^Order \d+$/ }).click();
  await expect(page.getByRole('heading', { name: /^Order NX-/ })).toBeVisible();

  // The admin sections are reachable with Tab, and the current one is marked.
  await go(page, '/admin/leads');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Users' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

/** A signed-in client of the API outside the browser: the customer's or the admin's. */
async function apiAs(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const headers = { origin: site.baseUrl };
  const login = await context.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: who.email, password: who.password },
    headers,
  });
  expect(login.status()).toBe(200);
  const call = async (method: 'GET' | 'POST', path: string, data?: object, extra = {}) => {
    const response = await context.request.fetch(`${site.baseUrl}${path}`, {
      method,
      data,
      headers: { ...headers, ...extra },
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  return { call, close: () => context.close() };
}

test('the dashboard counts each state an order waits for the firm in, and each count opens its list', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const buyer = await apiAs(browser, customer);
  const firm = await apiAs(browser, admin);
  const address = await buyer.call('POST', '/api/auth/address/', {
    address: '7 Harbour Row',
    city: 'Cobh',
    state: '',
    country: 'Ireland',
    postal_code: 'P24 X2YZ',
  });
  const plain = await buyer.call('GET', '/api/cards/classic-intro-card-matte-black/');
  const printable = await buyer.call('GET', '/api/cards/signature-intro-card-pearl-white/');
  let key = 0;
  const order = (personalised: boolean): Promise<{ id: number; number: string }> => {
    const card = personalised ? printable : plain;
    const item = { card: card.id, quantity: 1, design: card.category };
    const printed = personalised
      ? { personalisation: [{ name: 'Cora Customer', title: 'Harbour Pilot' }] }
      : {};
    return buyer.call(
      'POST',
      '/api/orders/',
      { address: address.id, items: [{ ...item, ...printed }] },
      { 'idempotency-key': `e2e-queue-${Date.now()}-${key++}` },
    );
  };
  const sendProof = (id: number) => firm.call('POST', `/api/admin/orders/${id}/proofs/`, { note: '' });
  const decide = (id: number, body: object) =>
    buyer.call('POST', `/api/orders/${id}/proof/decision/`, { version: 1, ...body });

  const toConfirm = await order(false);
  const toShip = await order(false);
  const confirmedToShip = await firm.call('POST', `/api/admin/orders/${toShip.id}/status/`, {
    status: 'confirmed',
  });
  // Paid: an unpaid one waits in "Unpaid" instead (decision 063).
  const pay = (id: number, amount: string) =>
    firm.call('POST', `/api/admin/orders/${id}/payments/`, {
      kind: 'payment',
      method: 'bank_transfer',
      amount,
    });
  await pay(toShip.id, confirmedToShip.total);
  const unpaid = await order(false);
  await firm.call('POST', `/api/admin/orders/${unpaid.id}/status/`, { status: 'confirmed' });
  const proofToSend = await order(true);
  const changes = await order(true);
  await sendProof(changes.id);
  await decide(changes.id, { decision: 'request_changes', note: 'Surname misspelt.' });
  const toPrint = await order(true);
  await sendProof(toPrint.id);
  await decide(toPrint.id, { decision: 'approve' });
  await pay(toPrint.id, (await firm.call('GET', `/api/admin/orders/${toPrint.id}/`)).total);
  const queued: Array<[string, string, { number: string }]> = [
    ['To confirm', 'to_confirm', toConfirm],
    ['Proof to send', 'proof_to_send', proofToSend],
    ['Changes requested', 'changes_requested', changes],
    ['Unpaid', 'unpaid', unpaid],
    ['Ready to print', 'ready_to_print', toPrint],
    ['To ship', 'to_ship', toShip],
  ];
  const counts = (await firm.call('GET', '/api/admin/dashboard/')).work_queue as Array<{
    queue: string;
    count: number;
  }>;
  await buyer.close();
  await firm.close();

  await logIn(page, admin);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [label, queue, waiting] of queued) {
      await go(page, '/admin');
      const tile = page.getByRole('list').getByRole('link', { name: new RegExp(`^\\d+\\s*${label}`) });
      const count = counts.find((row) => row.queue === queue)?.count ?? 0;
      expect(count, label).toBeGreaterThanOrEqual(1);
      await expect(tile.locator('strong')).toHaveText(String(count));
      await expect(tile).toContainText(/oldest waiting/);
      await tile.click();
      await expect(page).toHaveURL(`${site.baseUrl}/admin/orders?queue=${queue}`);
      await expect(page.getByLabel('Waiting for us')).toHaveValue(queue);
      await expect(page.getByText(`${label}: the order that has waited longest comes first.`)).toBeVisible();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: waiting.number }) });
      await expect(row).toContainText(label);
      await expect(row).toContainText(/waiting (under an hour|\d+ hours?)/);
    }
  }
  await go(page, '/admin');
  await expect(page.getByText('Paid revenue in the last 30 days (money received less refunds')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Owed' })).toContainText('Invoiced 0–30 days ago');
  await shot(page, 'admin-work-queue', [390, 1280]);
  await go(page, '/admin/orders?queue=changes_requested');
  await shot(page, 'admin-orders-changes-requested', [390, 1280]);
  await go(page, `/admin/orders/${changes.id}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'The customer asked for changes to proof v1: “Surname misspelt.”',
  );
  await shot(page, 'admin-order-story', [390, 1280]);
});
