import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pdfText } from '../../server/test/pdf-text.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { checkOutToNewAddress } from './support/checkout.ts';
import { decodeQr } from './support/contact-readers.ts';
import { expect, HEAVY_WORK_MS, hydrated, newTab, test } from './support/fixtures.ts';
import { logIn } from './support/log-in.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { RESIDENT_ADMINS } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';
import { shot } from './support/shots.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';

test.describe.configure({ mode: 'serial' });

const admin = RESIDENT_ADMINS.personalisedOrder;
const buyer = {
  firstName: 'Ines',
  lastName: 'Carvalho',
  email: 'ines.print@example.test',
  password: 'Blue-Harbour-42',
};
const CARD = '/cards/signature-intro-card-pearl-white';
let site: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  test.setTimeout(120_000);
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, buyer);
});

test('personalise a card, see the drawing change, order it, approve the proof from the mail, get the invoice', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await logIn(page, site.baseUrl, buyer, CARD);
  const form = page.getByRole('region', { name: 'Personalise your card' });
  const front = form.getByRole('img', { name: 'Front of the card' });
  // Prefilled from the profile, drawn as it will be printed.
  await expect(form.getByLabel('Printed name')).toHaveValue('Ines Carvalho');
  await expect(front).toContainText('Ines Carvalho');
  await form.getByLabel('Job title').fill('Head of Partnerships');
  await expect(front).toContainText('Head of Partnerships');

  // Too long for the card: said under the field, and it cannot go in the cart.
  await form.getByLabel('Printed name').fill('Inês Maria Carvalho de Albuquerque e Vasconcelos');
  await expect(
    form.getByText('The printed name is too long for the card: shorten it to fit.').first(),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add personalised card to cart' })).toBeDisabled();
  await form.getByLabel('Printed name').fill('Inês Carvalho');
  await expect(front).toContainText('Inês Carvalho');

  // A signature photographed in dark ink on white: uploaded, kept as ink, drawn on the front.
  const stroke = await sharp({ create: { width: 420, height: 36, channels: 3, background: '#1f2937' } })
    .png()
    .toBuffer();
  const signature = await sharp({ create: { width: 640, height: 200, channels: 3, background: '#ffffff' } })
    .composite([{ input: stroke, top: 82, left: 110 }])
    .png()
    .toBuffer();
  await form
    .getByLabel('Signature')
    .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signature });
  // The signature is made into a picture in the pool.
  await expect(front.locator('image')).toHaveCount(1, { timeout: HEAVY_WORK_MS });
  await expect(form.getByRole('button', { name: 'Remove signature' })).toBeVisible();
  await shot(page, 'personalise', [390, 1280]);
  await form.getByRole('button', { name: 'Add personalised card to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto(`${site.baseUrl}/cart`);
  await hydrated(page);
  await expect(
    page.getByText('Printed: Inês Carvalho · Head of Partnerships · signature · QR code'),
  ).toBeVisible();
  const { number, id: orderId } = await checkOutToNewAddress(page, site.baseUrl, {
    street: 'Rua das Flores 12',
    city: 'Porto',
    postalCode: '4050-262',
    country: 'Portugal',
  });

  const receipt = await site.smtp.waitFor(buyer.email, (m) => m.subject.includes(number));
  expect(receipt.text).toContain('Printed: Inês Carvalho · Head of Partnerships');
  expect(receipt.text).toContain('e-mail you a proof');

  await page.goto(`${site.baseUrl}/profile#orders`);
  await hydrated(page);
  const ordered = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(ordered).toContainText('Awaiting proof');
  await expect(ordered).toContainText('Inês Carvalho · Head of Partnerships · signature · QR code');
  await expect(ordered.getByRole('img', { name: 'Front of printed card 1' })).toBeVisible();
  await shot(page, 'ordered', [390]);
  await expectNoSidewaysScroll(page, 320, '.order-history-item');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The firm sends the generated proof.
  const firm = await newTab(await browser.newContext());
  await logIn(firm, site.baseUrl, admin, `/admin/orders/${orderId}`);
  // What to print: each printed card's drawing and its print file, linked once made (the page asks again).
  await expect(firm.getByRole('img', { name: 'Front of printed card 1' })).toBeVisible();
  await expect(firm.getByText('Print files: all 1 ready')).toBeVisible({ timeout: HEAVY_WORK_MS });
  await shot(firm, 'admin-print-files', [390, 1280]);
  const printFile = await firm.request.get(
    `${site.baseUrl}${await firm.getByRole('link', { name: 'Print file (PDF)' }).getAttribute('href')}`,
  );
  expect(printFile.headers()['content-type']).toBe('application/pdf');
  expect((await printFile.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await firm
    .getByRole('region', { name: 'Proof' })
    .getByRole('button', { name: 'Send proof to customer' })
    .click();
  await expect(firm.getByText('Proof version 1 sent')).toBeVisible({ timeout: HEAVY_WORK_MS });
  await firm.context().close();

  const proofMail = await site.smtp.waitFor(buyer.email, (m) => m.subject.includes('approve the proof'));
  const proofText = await pdfText(proofMail.attachments[0]?.data ?? Buffer.alloc(0));
  expect(proofText).toContain('Inês Carvalho');
  expect(proofText).toContain('Head of Partnerships');
  await page.goto(linkIn(proofMail, '/proof'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Approve proof' }).click();
  // Approving issues the invoice, drawn in the pool like the proof.
  await expect(page.locator('#main').getByRole('status')).toContainText('your order is confirmed', {
    timeout: HEAVY_WORK_MS,
  });

  const confirmed = await site.smtp.waitFor(buyer.email, (m) => m.subject.includes('Confirmed'));
  const attached = confirmed.attachments.find((a) => a.filename.startsWith('INV-'));
  expect(attached?.filename).toMatch(/^INV-\d{4}-0001\.pdf$/);

  await page.goto(`${site.baseUrl}/profile#orders`);
  await hydrated(page);
  const mine = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(mine).toContainText('Confirmed');
  const invoiceLink = mine.getByRole('link', { name: /Invoice INV-\d{4}-0001/ });
  const download = await page.request.get(`${site.baseUrl}${await invoiceLink.getAttribute('href')}`);
  expect(download.status()).toBe(200);
  const invoice = await pdfText(await download.body());
  expect(invoice).toContain(attached?.filename.replace('.pdf', '') ?? 'missing');
  expect(invoice).toContain(number);
  expect(invoice).toContain('Signature Intro Card');
  expect(invoice).toContain('Rua das Flores 12');
});

/**
 * Each cart row's cells end where the row ends, so the row's borders meet in one line: at 1280 px (a table,
 * a border under each cell) and at 390 px (each row a block with one border under it). In a table every cell
 * is a table cell: a cell made a flex box draws its border inside its own box, half a pixel off the
 * collapsed borders of its neighbours, though their boxes end at the same place.
 */
async function expectRowsAligned(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const rows = await page.locator('.cart-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const row = tr.getBoundingClientRect();
        const inTable = getComputedStyle(tr).display === 'table-row';
        return [...tr.children].map((cell) => {
          const box = cell.getBoundingClientRect();
          const style = getComputedStyle(cell);
          // Where the cell's bottom border is drawn, against the row's bottom edge (a pixel off shows).
          const line = parseFloat(style.borderBottomWidth) > 0 ? box.bottom - row.bottom : 0;
          return {
            cell: cell.tagName,
            line,
            notACell: inTable && style.display !== 'table-cell',
            outside: box.bottom > row.bottom + 0.25 || box.top < row.top - 0.25,
          };
        });
      }),
    );
    expect(rows.length, `${width} px`).toBeGreaterThan(0);
    for (const cells of rows) {
      expect(
        cells.filter((cell) => Math.abs(cell.line) > 0.25 || cell.outside || cell.notACell),
        `${width} px: every cell's border on the row's bottom edge`,
      ).toEqual([]);
    }
  }
}

test('a cart row’s borders meet in one line, a personalised line beside a plain one', async ({ page }) => {
  await logIn(page, site.baseUrl, buyer, CARD);
  const form = page.getByRole('region', { name: 'Personalise your card' });
  await form.getByRole('button', { name: 'Add personalised card to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto(`${site.baseUrl}/cards/classic-intro-card-matte-black`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.goto(`${site.baseUrl}/cart`);
  await hydrated(page);
  await expect(page.getByText('Printed: Ines Carvalho')).toBeVisible();
  await expectRowsAligned(page, [390, 1280]);
  await shot(page, 'cart-personalised', [390, 1280]);
  await page.getByRole('button', { name: 'Clear cart' }).click();
});

// The preview's code is read at one device pixel per CSS pixel, as jsQR reads it best.
test.describe('the preview’s QR code', () => {
  test.use({ deviceScaleFactor: 1 });

  test('is the address the print carries, the site’s public one, whatever host the page was opened on', async ({
    page,
  }) => {
    // The same server under another name: the public address (PUBLIC_URL) stays 127.0.0.1's.
    const otherHost = site.baseUrl.replace('127.0.0.1', 'localhost');
    await logIn(page, otherHost, buyer, CARD);
    const account = await page.evaluate(async () => (await fetch('/api/auth/profile/')).json());
    const printed = new URL(account.card_path ?? account.user?.card_path, site.baseUrl).href;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const form = page.getByRole('region', { name: 'Personalise your card' });
      await expect(form.getByLabel('QR code to your card on the back')).toBeChecked();
      const back = form.getByRole('img', { name: 'Back of the card' });
      await expect(back.locator('path, rect').first()).toBeVisible();
      expect(await decodeQr(back), `${width} px`).toBe(printed);
    }
  });
});
