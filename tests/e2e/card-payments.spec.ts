import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '../../server/test/stripe-stand-in.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser, startMailedServer } from './support/mailed-server.ts';
import { runAdminCreate } from './support/server-process.ts';
import { shot } from './support/shots.ts';

// Pay now on /profile with card payments configured (a local Stripe stand-in): the button on an order that
// owes money, fitting at a phone's width and a desktop's, the trip to the payment page, and the order
// waiting on the webhook after the return.
test.describe.configure({ mode: 'serial' });

let stand: StripeStandIn;
let site: MailedServer;
const email = `ada.pays.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';
const adminEmail = `firm.${Date.now()}@example.test`;
/** The order paid by card in the first test, refunded from the admin's page in the second. */
let paidOrder: { id: number; number: string; total: string } | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stand = await startStripeStandIn();
  site = await startMailedServer(
    {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: stand.url,
    },
    async (dataDir) => {
      const made = await runAdminCreate(dataDir, ['--email', adminEmail, '--password', password]);
      if (made.code !== 0) throw new Error(made.stderr);
    },
  );
  await registerActiveUser(site, { firstName: 'Ada', lastName: 'Pays', email, password });
});
test.afterAll(async () => {
  await site?.close();
  await stand?.close();
});

test('Pay now on an owed order, to the payment page and back, paid once the webhook says so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const json = { origin: site.baseUrl };
  expect(
    (
      await page.request.post(`${site.baseUrl}/api/auth/login/`, { data: { email, password }, headers: json })
    ).status(),
  ).toBe(200);
  const address = await (
    await page.request.post(`${site.baseUrl}/api/auth/address/`, {
      data: {
        address: '7 Harbour Row',
        city: 'Cobh',
        state: '',
        country: 'Ireland',
        postal_code: 'P24 X2YZ',
      },
      headers: json,
    })
  ).json();
  const card = await (
    await page.request.get(`${site.baseUrl}/api/cards/classic-intro-card-matte-black/`)
  ).json();
  const placed = await page.request.post(`${site.baseUrl}/api/orders/`, {
    data: { address: address.id, items: [{ card: card.id, quantity: 1, design: card.category }] },
    headers: { ...json, 'idempotency-key': `e2e-pay-${Date.now()}` },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect(order.card_payments).toBe(true);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.baseUrl}/profile#order-${order.number}`);
    await hydrated(page);
    const row = page.locator(`#order-${order.number}`);
    await expect(row.getByRole('button', { name: 'Pay now by card' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await shot(page, 'pay-now', [390, 1280]);

  await page.locator(`#order-${order.number}`).getByRole('button', { name: 'Pay now by card' }).click();
  await page.waitForURL(new RegExp(`^${stand.url}/c/pay/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const session = stand.complete(sessionId);
  expect(session.amount_total).toBe(Math.round(Number(order.total) * 100));

  // Back from Stripe before its webhook came: the order waits, and says so.
  await page.goto(session.success_url);
  await hydrated(page);
  const status = page.locator(`#order-${order.number}`).getByRole('status');
  await expect(status).toHaveText('Thank you: your payment is being confirmed.');
  const payload = JSON.stringify(stand.event('checkout.session.completed', session));
  const delivered = await fetch(`${site.baseUrl}/api/payments/stripe/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stand.sign(payload) },
    body: payload,
  });
  expect(delivered.status).toBe(200);
  await expect(status).toHaveText('Thank you: your payment has been received.');
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  await expect(
    page.locator(`#order-${order.number}`).getByRole('button', { name: 'Pay now by card' }),
  ).toHaveCount(0);
  paidOrder = order;
});

test('the admin refunds part of a card payment from the order page, confirmed first', async ({ page }) => {
  test.setTimeout(120_000);
  if (!paidOrder) throw new Error('the first test paid no order');
  const order = paidOrder;
  const login = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: adminEmail, password },
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${site.baseUrl}/admin/orders/${order.id}`);
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Refund to the card' });
  const amount = panel.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue(order.total);
  // More than can go back: the confirm step does not open; the error is beside the field, and focused.
  await amount.fill('100000.00');
  await panel.getByLabel('Reason').fill('One card arrived scratched.');
  await panel.getByRole('button', { name: 'Refund to the card' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(panel.getByText(`At most ${order.total} can be refunded to a card`)).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('10.00');
  await panel.getByLabel('Reason').fill('One card arrived scratched.');
  await panel.getByRole('button', { name: 'Refund to the card' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund $10.00 on order ${order.number}?` });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(
    page.getByText(`A refund of $10.00 on order ${order.number} was sent to Stripe.`),
  ).toBeVisible();
  const [refund] = [...stand.refunds.values()];
  expect(refund).toMatchObject({ amount: 1000, metadata: { order_number: order.number } });
  // Stripe made it at once; the panel offers what is left after it once the page's data is read again.
  const left = (Math.round(Number(order.total) * 100) - 1000) / 100;
  await expect(page.getByText(`Up to $${left.toFixed(2)} paid by card can be given back.`)).toBeVisible();
  await expect(amount).toHaveValue(left.toFixed(2));
});
