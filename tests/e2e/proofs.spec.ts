import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const WIDTHS = [390, 1280] as const;

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
/** Orders whose first card misspells the surname, one to correct at each width. */
const correctOrders: Record<number, { id: number; number: string }> = {};
const MISSPELT = [
  { name: 'Cora Smiht', title: 'Head of Design', company: 'Quay Studio', qr: true },
  { name: 'Charles Babbage', title: 'Founder', company: 'Quay Studio' },
];

test.beforeAll(async () => {
  // Two seeded orders and an admin before the server starts: slow on a busy machine.
  test.setTimeout(150_000);
  site = await startMailedServer({ MAIL_TO_SALES: 'sales@shop.test' }, async (dataDir) => {
    await seedCardOwners(dataDir, [customer]);
    approveOrder = await seedPersonalisedOrder(dataDir, customer.email);
    changesOrder = await seedPersonalisedOrder(dataDir, customer.email);
    for (const width of WIDTHS) {
      correctOrders[width] = await seedPersonalisedOrder(dataDir, customer.email, MISSPELT);
    }
    const made = await runAdminCreate(dataDir, ['--email', admin.email, '--password', admin.password]);
    if (made.code !== 0) throw new Error(made.stderr);
  });
});
test.afterAll(async () => {
  await site?.close();
});

async function sendProof(browser: Browser, orderId: number, note = '', width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
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

/** The text a PDF carries, as `pdftotext` reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'print-file-')), 'card.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

for (const width of WIDTHS) {
  test(`the firm corrects a misspelt surname and sends version 2; the customer sees the change and approves (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const order = correctOrders[width];
    if (!order) throw new Error('no order to correct');
    const firm = await sendProof(browser, order.id, '', width);
    await site.smtp.waitFor(customer.email, (m) => m.subject.includes(order.number));

    // The firm edits the card beside the buyer's own live drawing.
    await firm.panel.getByRole('button', { name: 'Correct the printed cards' }).click();
    const name = firm.panel.getByLabel('Printed name');
    await expect(name).toHaveValue('Cora Smiht');
    await name.fill('Cora Smith');
    await expect(firm.panel.locator('.card-design-preview-face').first()).toContainText('Cora Smith');
    await expect(
      firm.panel.getByRole('listitem').filter({ hasText: 'Name: Cora Smiht → Cora Smith' }),
    ).toHaveText('Card 1 · Name: Cora Smiht → Cora Smith');
    await firm.panel
      .getByLabel('Note to the customer (optional)')
      .fill('We fixed the spelling of your surname.');
    await shot(firm.page, `admin-proof-correction-${width}`, [width]);
    const send = firm.panel.getByRole('button', { name: 'Send corrected proof (version 2)' });
    await send.click();
    // Slow (drawn at print resolution): said on the button, which cannot be pressed twice meanwhile.
    const sending = firm.panel.getByRole('button', { name: 'Sending…' });
    await expect(sending).toBeDisabled();
    const sent = firm.panel.getByText(`Proof version 2 sent to ${customer.email}.`);
    await expect(sent).toBeVisible({ timeout: HEAVY_WORK_MS });
    await expect(sent).toBeInViewport();
    await expect(firm.panel.getByRole('term')).toHaveText('Version 2 sent with');
    await expect(firm.panel.getByRole('definition')).toContainText('Card 1 · Name: Cora Smiht → Cora Smith');
    // Below 768 px each cell is preceded by its column's name (a stacked table), so the row's name is too.
    await expect(firm.panel.getByRole('row', { name: /^(Version\s*)?1 / })).toContainText(
      'Replaced by a newer version',
    );
    await shot(firm.page, `admin-proof-corrected-${width}`, [width]);

    const mail = await site.smtp.waitFor(
      customer.email,
      (m) => m.subject.includes(order.number) && m.text.includes('version 2'),
    );
    const customerContext = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await newTab(customerContext);
    await page.goto(linkIn(mail, '/proof'));
    await hydrated(page);
    await expect(page.getByText('Version 2 ·')).toBeVisible();
    await expect(page.getByText('We fixed the spelling of your surname.')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'What we changed since the previous proof' }),
    ).toBeVisible();
    await expect(page.getByText('Card 1 · Name: Cora Smiht → Cora Smith')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Card 1: Cora Smith, front' })).toBeVisible();
    await shot(page, `proof-page-corrected-${width}`, [width]);
    await page.getByRole('button', { name: 'Approve proof' }).click();
    await expect(page.locator('#main').getByRole('status')).toContainText('the proof is approved', {
      timeout: HEAVY_WORK_MS,
    });
    await customerContext.close();

    // The print file is made again from the approved card: it names Cora Smith, never the misspelling.
    const detail = await firm.page.request.get(`${site.baseUrl}/api/admin/orders/${order.id}/`);
    const design = (await detail.json()).items[0].printed[0].id as number;
    const printFile = () =>
      firm.page.request.get(`${site.baseUrl}/api/admin/orders/${order.id}/designs/${design}/print.pdf`);
    await expect.poll(async () => (await printFile()).status(), { timeout: HEAVY_WORK_MS }).toBe(200);
    const text = pdfText(await (await printFile()).body());
    expect(text).toContain('Cora Smith');
    expect(text).not.toContain('Smiht');
    await firm.context.close();
  });
}
