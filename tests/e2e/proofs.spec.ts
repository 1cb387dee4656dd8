import type { Browser } from '@playwright/test';
import { seedCardOwners } from '../../server/test/card-owners.ts';
import { seedPersonalisedOrder } from '../../server/test/personalised-order.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, HEAVY_WORK_MS, hydrated, newTab, test } from './support/fixtures.ts';
import { logIn } from './support/log-in.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';
import { runAdminCreate } from './support/server-process.ts';
import { shot } from './support/shots.ts';

test.describe.configure({ mode: 'serial' });

const admin = { email: 'proofs-admin@example.test', password: 'Blue-Harbour-42' };
const customer = {
  username: 'ada-proofs',
  email: 'ada.proofs@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Ada',
  lastName: 'Lovelace',
  publicFields: [],
};
let site: MailedServer;
let approveOrder: { id: number; number: string };
let changesOrder: { id: number; number: string };

test.beforeAll(async () => {
  // Two seeded orders and an admin before the server starts: slow on a busy machine.
  test.setTimeout(150_000);
  site = await startMailedServer({ MAIL_TO_SALES: 'sales@shop.test' }, async (dataDir) => {
    await seedCardOwners(dataDir, [customer]);
    approveOrder = await seedPersonalisedOrder(dataDir, customer.email);
    changesOrder = await seedPersonalisedOrder(dataDir, customer.email);
    const made = await runAdminCreate(dataDir, ['--email', admin.email, '--password', admin.password]);
    if (made.code !== 0) throw new Error(made.stderr);
  });
});
test.afterAll(async () => {
  await site?.close();
});

async function sendProof(browser: Browser, orderId: number, note = '') {
  const context = await browser.newContext();
  const page = await newTab(context);
  await logIn(page, site.baseUrl, admin, `/admin/orders/${orderId}`);
  const panel = page.getByRole('region', { name: 'Proof' });
  if (note) await panel.getByLabel('Note to the customer (optional)').fill(note);
  await panel.getByRole('button', { name: 'Send proof to customer' }).click();
  await expect(page.getByText(/Proof version \d sent/)).toBeVisible({ timeout: HEAVY_WORK_MS });
  return { context, page, panel };
}

test('the firm sends the generated proof; the customer approves it from the mailed link', async ({
  browser,
  page,
}) => {
  const firm = await sendProof(browser, approveOrder.id, 'Please check the spelling of your title.');
  await expect(firm.panel.getByRole('row', { name: /Generated/ })).toContainText('Waiting for the customer');
  await shot(firm.page, 'admin-order-proof', [1280]);
  await firm.context.close();

  const mail = await site.smtp.waitFor(customer.email, (m) => m.subject.includes('approve the proof'));
  expect(mail.attachments[0]?.filename).toBe(`proof-${approveOrder.number}-v1.pdf`);
  const link = linkIn(mail, '/proof');

  // Signed out: the link alone is the authority.
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Proof of order ${approveOrder.number}`);
  await expect(page.getByRole('img', { name: 'Card 1: Ada Lovelace, front' })).toBeVisible();
  await expect(page.getByText('Galway')).toHaveCount(0);
  await shot(page, 'proof-page', [390, 1280]);
  await page.getByRole('button', { name: 'Approve proof' }).click();
  // Approving issues the invoice, drawn in the pool like the proof.
  await expect(page.locator('#main').getByRole('status')).toContainText(
    'the proof is approved and your order is confirmed',
    { timeout: HEAVY_WORK_MS },
  );
  await expect(page.getByRole('button', { name: 'Approve proof' })).toHaveCount(0);

  await logIn(page, site.baseUrl, customer, '/profile');
  await expect(page.getByRole('listitem', { name: `Order ${approveOrder.number}` })).toContainText(
    'Confirmed',
  );
});

test('the customer asks for changes from /profile; the firm sees the note and sends version 2', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const firm = await sendProof(browser, changesOrder.id);
  await site.smtp.waitFor(customer.email, (m) => m.subject.includes(changesOrder.number));

  await logIn(page, site.baseUrl, customer, '/profile');
  const order = page.getByRole('listitem', { name: `Order ${changesOrder.number}` });
  await expect(order).toContainText('Awaiting proof');
  await order.getByRole('link', { name: 'Review proof' }).click();
  await expect(page).toHaveURL(/\/proof\//);
  await hydrated(page);
  await expect(page.getByLabel('What should we change?')).toHaveAttribute('required', '');
  await page.getByLabel('What should we change?').fill('My title is Countess, not Chief Engineer.');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.locator('#main').getByRole('status')).toContainText('we have your note');

  const sales = await site.smtp.waitFor('sales@shop.test', (m) => m.subject.startsWith('Changes requested'));
  expect(sales.text).toContain('My title is Countess, not Chief Engineer.');

  await firm.page.reload();
  await hydrated(firm.page);
  await expect(firm.panel.getByRole('row', { name: /Changes requested/ })).toContainText(
    'My title is Countess',
  );
  await firm.panel.getByRole('button', { name: 'Send proof to customer' }).click();
  await expect(firm.page.getByText('Proof version 2 sent')).toBeVisible({ timeout: HEAVY_WORK_MS });
  await expect(firm.panel.getByRole('row', { name: /^2 / })).toContainText('Waiting for the customer');
  const second = await site.smtp.waitFor(customer.email, (m) => m.subject.includes(changesOrder.number));
  expect(second.text).toContain('version 2');
  await firm.context.close();
});
