import { expect, hydrated, test } from './support/fixtures.ts';
import { holdReact } from './support/hold-react.ts';
import { logIn } from './support/log-in.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/*
 * A hydrated page paints before its scripts run (decision 035). A form React sends, submitted in that
 * moment, must neither leave the page as a GET link carrying its fields (a password in the address, the
 * history and the server's log) nor be lost: the form guard holds it and React sends it once it runs.
 */

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const email = `hedy.${Date.now()}@example.test`;
const password = 'Harvard-Mark-1944';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, { firstName: 'Hedy', lastName: 'Lamarr', email, password });
});

test('a login sent before React runs is held, then sent by React: the password never enters an address', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  const letReactRun = await holdReact(page);
  await page.goto(`${site.baseUrl}/login?next=%2Fprofile`, { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  // Held, and marked so: without the guard the browser would already have left with the fields in the link.
  await expect(form).toHaveAttribute('aria-busy', 'true');
  expect(page.url()).toBe(`${site.baseUrl}/login?next=%2Fprofile`);
  expect(await page.evaluate(() => window.__e2eCommits ?? 0)).toBe(0);

  letReactRun();
  await page.waitForURL(`${site.baseUrl}/profile`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    addresses.filter(
      (address) => address.includes(encodeURIComponent(password)) || address.includes(password),
    ),
  ).toEqual([]);
});

/** A code that is no card of ours, checked on /verify: the answer names it "Not found". */
const UNKNOWN_CODE = 'NOT-OUR-CARD-7';

test('a check typed and sent before React runs is sent with what was typed once React runs', async ({
  page,
}) => {
  const letReactRun = await holdReact(page);
  await page.goto(`${site.baseUrl}/verify`, { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Verify a product' });
  await form.getByLabel('Serial number or SKU').fill(UNKNOWN_CODE);
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(form).toHaveAttribute('aria-busy', 'true');

  letReactRun();
  await expect(page.getByText('Not found', { exact: true })).toBeVisible();
  await expect(form).not.toHaveAttribute('aria-busy');
  await expect(form.getByLabel('Serial number or SKU')).toHaveValue(UNKNOWN_CODE);
  await expect(page).toHaveURL(`${site.baseUrl}/verify?code=${UNKNOWN_CODE}`);
  await expect(page.getByText('Please enter a serial number or SKU.')).toHaveCount(0);
});

test('text typed before React runs is what React sends later', async ({ page }) => {
  const letReactRun = await holdReact(page);
  await page.goto(`${site.baseUrl}/verify`, { waitUntil: 'domcontentloaded' });
  const field = page.getByLabel('Serial number or SKU');
  await field.fill(UNKNOWN_CODE);
  letReactRun();
  await hydrated(page);
  // React rendered an empty field; without handing it the typed text it would check an empty code.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Not found', { exact: true })).toBeVisible();
  await expect(field).toHaveValue(UNKNOWN_CODE);
  await expect(page.getByText('Please enter a serial number or SKU.')).toHaveCount(0);
});

test('a GET form is left to the browser before React runs', async ({ page }) => {
  // The site's GET forms (the admin's filters, React Router's <Form method="get">) make a link by design.
  // They need an admin's session, so a GET form built in the page stands for them.
  await holdReact(page); // never let run
  await page.goto(`${site.baseUrl}/verify`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'get';
    form.action = '/cards';
    form.innerHTML = '<input name="page" value="2"><button>Go</button>';
    document.body.append(form);
  });
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page.waitForURL(`${site.baseUrl}/cards?page=2`);
});

test('a hydrated page’s document asks for no script before its first paint', async ({ page }) => {
  for (const path of ['/verify', '/login', '/cards/classic-intro-card-matte-black']) {
    const html = await (await page.request.get(`${site.baseUrl}${path}`)).text();
    expect(html, path).not.toContain('modulepreload');
    // React still comes: the module script at the end of <body> imports it.
    expect(html, path).toMatch(/<script[^>]* type="module"/);
  }
});

test('an address chosen at checkout before React runs is the address the order is sent to', async ({
  page,
}) => {
  await logIn(page, site.baseUrl, { email, password }, '/cards/executive-intro-card-metal-gold');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  for (const address of [
    { address: '1 First Street', city: 'Boston', country: 'United States', postal_code: '02108' },
    { address: '2 Harbour Lane', city: 'Hamburg', country: 'Germany', postal_code: '20457' },
  ]) {
    const saved = await page.request.post(`${site.baseUrl}/api/auth/address/`, {
      data: address,
      headers: { origin: site.baseUrl },
    });
    expect(saved.status()).toBe(201);
  }

  const letReactRun = await holdReact(page);
  await page.goto(`${site.baseUrl}/checkout`, { waitUntil: 'domcontentloaded' });
  // The newest address comes first and is chosen; the buyer picks the other one.
  const boston = page.getByRole('radio', { name: /1 First Street/ });
  await expect(page.getByRole('radio', { name: /2 Harbour Lane/ })).toBeChecked();
  await boston.check();
  letReactRun();
  await hydrated(page);
  // React took the choice: the one it shows checked and prices is the one it orders to.
  await expect(boston).toBeChecked();
  await expect(page.getByTestId('checkout-zone')).toHaveText('(United States)');
  await expect(page.getByTestId('checkout-total')).toHaveText(/^\$\d/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  const id = new URL(page.url()).searchParams.get('order');
  const order = await (await page.request.get(`${site.baseUrl}/api/orders/${id}/`)).json();
  expect(order.address).toMatchObject({ address: '1 First Street', city: 'Boston' });
});

test('a pack’s card chosen and named before React runs keeps that name, and a box unticked stays unticked', async ({
  page,
}) => {
  const letReactRun = await holdReact(page);
  await page.goto(`${site.baseUrl}/cards/team-pack-matte-black`, { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('region', { name: 'Personalise your card' });
  await form.getByLabel('Card', { exact: true }).selectOption({ label: 'Card 3 of 5' });
  await form.getByLabel('Printed name').fill('Ada Lovelace');
  letReactRun();
  await hydrated(page);
  const which = form.getByLabel('Card', { exact: true });
  await expect(which.locator('option:checked')).toHaveText('Card 3 of 5: Ada Lovelace');
  await expect(form.getByRole('img', { name: 'Front of the card' })).toContainText('Ada Lovelace');
  await which.selectOption({ index: 0 });
  await expect(form.getByLabel('Printed name')).toHaveValue('');

  // A box: offered ticked, unticked before React ran; React draws the card without it.
  const letReactRunAgain = await holdReact(page);
  await page.goto(`${site.baseUrl}/cards/signature-intro-card-pearl-white`, {
    waitUntil: 'domcontentloaded',
  });
  const signature = page.getByRole('region', { name: 'Personalise your card' });
  const qr = signature.getByRole('checkbox', { name: /QR code to your card on the back/ });
  await expect(qr).toBeChecked();
  await qr.uncheck();
  letReactRunAgain();
  await hydrated(page);
  await signature.getByLabel('Job title').fill('Analyst');
  await expect(signature.getByRole('img', { name: 'Front of the card' })).toContainText('Analyst');
  await expect(qr).not.toBeChecked();
  const back = signature.getByRole('img', { name: 'Back of the card' });
  await expect(back).not.toContainText('Tap or scan');
  await qr.check();
  await expect(back).toContainText('Tap or scan');
});
