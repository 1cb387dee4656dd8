import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { countryName } from '../../../common/countries.ts';
import { rfPrinted } from '../../../common/rf-reference.ts';
import type { TaxTreatment } from '../../../common/vat-id.ts';
import type { InvoiceKind } from '../../db/schema/index.ts';
import { epcPayload } from './epc-qr.ts';
import { latinFont, registerFonts, type Weight, writeText } from './pdf-fonts.ts';
import { cityLine, type Seller } from './seller.ts';
import { splitGross, taxName } from './tax-lines.ts';

/** Everything an invoice or credit note prints, as it was when the document was issued. */
export interface InvoicePdfData {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  /** Who issues it: the firm's details when it was issued. */
  seller: Seller;
  /** The invoice a credit note corrects, by number and date. */
  credits: { number: string; issuedAt: Date } | null;
  /** What a credit note takes back, in cents (positive): its invoice's total, or a part for a refund; 0 on an invoice. */
  creditCents: number;
  /** What earlier credit notes of the same invoice took back, in cents: the running sum their tax is split on. */
  creditedBeforeCents: number;
  orderNumber: string;
  orderDate: Date;
  /** The ISO 11649 reference a transfer quotes, electronic form ("RF18NX7K3M9Q2P"). */
  reference: string;
  customer: { name: string; email: string };
  /** The company bought for: its name, billing address line by line, and VAT ID; null for a person. */
  company: { name: string; address: string[]; vatId: string | null } | null;
  taxTreatment: TaxTreatment;
  /** The address the order ships to, line by line. */
  address: string[];
  lines: Array<{ name: string; sku: string; design: string; quantity: number; unitCents: number }>;
  subtotalCents: number;
  shippingCents: number;
  shippingZone: string | null;
  taxCents: number;
  taxRateBp: number;
  totalCents: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Where content stops, above the footer. */
const CONTENT_BOTTOM = A4.height - 96;
const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#0b1b3a';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';
/** The EPC QR code's side: about 3 cm, above the 2 cm banking apps need, with its quiet zone inside. */
const QR_SIDE = 90;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The seller's currency, with a minus on a credit note: it takes back what its invoice asked for. */
function moneyOf(data: Pick<InvoicePdfData, 'kind' | 'seller'>) {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: data.seller.currency });
  return (cents: number) =>
    `${data.kind === 'credit_note' && cents !== 0 ? '-' : ''}${format.format(cents / 100)}`;
}

/** The due date: the issue date plus the seller's payment terms. */
function dueDateOf(data: Pick<InvoicePdfData, 'issuedAt' | 'seller'>): Date {
  return new Date(data.issuedAt.getTime() + data.seller.termsDays * 24 * 60 * 60 * 1000);
}

/** A partial credit note: it takes back less than its invoice's whole total (a refund), not the whole order. */
const partial = (data: InvoicePdfData) => data.kind === 'credit_note' && data.creditCents !== data.totalCents;

/** A credit note that takes back what earlier ones left, so the invoice is now credited in full. */
const lastPart = (data: InvoicePdfData) =>
  partial(data) && data.creditedBeforeCents + data.creditCents >= data.totalCents;

/** The seller's address as printed: its lines, the postal code and city, the country. */
function sellerAddress(seller: Seller): string[] {
  const { address } = seller;
  return [
    ...address.lines,
    cityLine(address.postalCode, address.city, address.countryCode),
    countryName(address.countryCode),
  ];
}

/** "VAT number DE123456789 · EIN 12-3456789". */
const taxNumbersOf = (seller: Seller) =>
  seller.taxNumbers.map((tax) => `${tax.label} ${tax.value}`).join(' · ');

const COLUMNS = [
  { header: 'Description', width: 199, align: 'left' },
  { header: 'SKU', width: 90, align: 'left' },
  { header: 'Qty', width: 36, align: 'right' },
  { header: 'Unit price (net)', width: 76, align: 'right' },
  { header: 'Net amount', width: WIDTH - 199 - 90 - 36 - 76, align: 'right' },
] as const;

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options = {}) {
  latinFont(doc, 600)
    .fontSize(8)
    .fillColor(MUTED)
    .text(text.toUpperCase(), x, y, { characterSpacing: 0.6, ...options });
}

function plain(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  weight: Weight = 400,
  options = {},
) {
  latinFont(doc, weight).text(text, x, y, options);
}

/** The seller at the top left, with its tax numbers; the document's title and numbers at the top right. */
function header(doc: PDFKit.PDFDocument, data: InvoicePdfData): number {
  const { seller } = data;
  doc.fillColor(ACCENT);
  plain(doc.fontSize(20), seller.name, MARGIN, MARGIN, 600, { width: 250 });
  doc.fontSize(9).fillColor(MUTED);
  let y = doc.y + 4;
  const taxNumbers = seller.taxNumbers.map((tax) => `${tax.label}: ${tax.value}`);
  for (const line of [
    seller.legalName,
    ...sellerAddress(seller),
    ...taxNumbers,
    seller.email,
    seller.phone,
  ]) {
    writeText(doc, line, 400, MARGIN, y, { width: 250 });
    y = doc.y + 1;
  }

  const title = data.kind === 'invoice' ? 'INVOICE' : 'CREDIT NOTE';
  doc.fillColor(ACCENT);
  plain(doc.fontSize(20), title, MARGIN + 260, MARGIN, 600, {
    width: WIDTH - 260,
    align: 'right',
    characterSpacing: 1,
  });
  const facts: Array<[string, string]> =
    data.kind === 'invoice'
      ? [
          ['Invoice number', data.number],
          ['Issue date', day.format(data.issuedAt)],
          // Issued as the order is confirmed: the firm's acceptance is the supply's tax point (decision 064).
          ['Supply date', day.format(data.issuedAt)],
          ['Due date', day.format(dueDateOf(data))],
        ]
      : [
          ['Credit note number', data.number],
          ['Issue date', day.format(data.issuedAt)],
          ['Credits invoice', data.credits?.number ?? ''],
          ['Invoice date', data.credits ? day.format(data.credits.issuedAt) : ''],
        ];
  facts.push(['Order', data.orderNumber], ['Order date', day.format(data.orderDate)]);
  let factY = MARGIN + 32;
  for (const [name, value] of facts) {
    doc.fontSize(9).fillColor(MUTED);
    plain(doc, name, RIGHT - 230, factY, 400, { width: 110 });
    doc.fillColor(INK);
    plain(doc, value, RIGHT - 120, factY, 600, { width: 120, align: 'right' });
    factY += 14;
  }
  return Math.max(y, factY) + 18;
}

/** Who is billed (a company with its billing address and VAT ID, or a person) and where the cards go. */
function parties(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  doc.moveTo(MARGIN, top).lineTo(RIGHT, top).lineWidth(0.75).strokeColor(RULE).stroke();
  const y = top + 14;
  label(doc, data.kind === 'invoice' ? 'Billed to' : 'Credited to', MARGIN, y);
  doc.fontSize(10.5).fillColor(INK);
  const { company } = data;
  const person = data.customer.name || data.customer.email;
  writeText(doc, company ? company.name : person, 600, MARGIN, y + 14, { width: 240 });
  doc.fontSize(9.5).fillColor(INK);
  const rest = company
    ? [
        ...company.address,
        ...(company.vatId ? [`VAT ID: ${company.vatId}`] : []),
        `Attn: ${person}`,
        data.customer.email,
      ]
    : [data.customer.email];
  for (const line of rest) writeText(doc, line, 400, MARGIN, doc.y + 2, { width: 240 });
  const left = doc.y;

  label(doc, 'Ships to', MARGIN + 260, y);
  let lineY = y + 14;
  doc.fontSize(9.5).fillColor(INK);
  for (const line of data.address) {
    writeText(doc, line, 400, MARGIN + 260, lineY, { width: WIDTH - 260 });
    lineY = doc.y + 1;
  }
  return Math.max(left, lineY) + 22;
}

function tableHeader(doc: PDFKit.PDFDocument, top: number): number {
  doc.rect(MARGIN, top, WIDTH, 22).fill(SHADE);
  let x = MARGIN;
  for (const column of COLUMNS) {
    label(doc, column.header, x + 6, top + 7, { width: column.width - 12, align: column.align });
    x += column.width;
  }
  return top + 22;
}

function footer(doc: PDFKit.PDFDocument, data: InvoicePdfData, page: number) {
  const { seller } = data;
  const y = A4.height - 64;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(RULE).stroke();
  doc.fontSize(8).fillColor(MUTED);
  const lines = [
    [seller.legalName, sellerAddress(seller).join(', ')].join(' · '),
    [taxNumbersOf(seller), seller.email].filter(Boolean).join(' · '),
  ];
  for (const [index, line] of lines.entries()) {
    writeText(doc, line, 400, MARGIN, y + 10 + index * 11, { width: WIDTH - 120, lineBreak: false });
  }
  plain(doc, `${data.number} · page ${page}`, RIGHT - 120, y + 10, 400, {
    width: 120,
    align: 'right',
    lineBreak: false,
  });
}

/** The rows a document lists: the order's lines, or for a partial credit note the one part it takes back. */
function rowsOf(data: InvoicePdfData): InvoicePdfData['lines'] {
  if (!partial(data)) return data.lines;
  const { netCents } = splitGross(data.creditCents, data, data.creditedBeforeCents);
  const invoice = data.credits ? `invoice ${data.credits.number}` : 'the invoice';
  return [
    {
      name: `Partial credit of ${invoice}`,
      sku: '',
      design: `Order ${data.orderNumber}`,
      quantity: 1,
      unitCents: netCents,
    },
  ];
}

/** The lines, one row each; a long order goes on over more pages, each with the table's header. */
function lineRows(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number, newPage: () => number): number {
  const money = moneyOf(data);
  let y = tableHeader(doc, top);
  const [description, sku, quantity, unit, amount] = COLUMNS;
  for (const line of rowsOf(data)) {
    latinFont(doc, 600).fontSize(9.5);
    const nameHeight = doc.heightOfString(line.name, { width: description.width - 12 });
    const height = nameHeight + 26;
    if (y + height > CONTENT_BOTTOM) y = tableHeader(doc, newPage());
    doc.fillColor(INK).fontSize(9.5);
    writeText(doc, line.name, 600, MARGIN + 6, y + 8, { width: description.width - 12 });
    doc.fontSize(8.5).fillColor(MUTED);
    const detail = partial(data) ? line.design : `Design: ${line.design}`;
    writeText(doc, detail, 400, MARGIN + 6, doc.y + 2, { width: description.width - 12 });
    doc.fontSize(9.5).fillColor(INK);
    let x = MARGIN + description.width;
    const cells: Array<[(typeof COLUMNS)[number], string]> = [
      [sku, line.sku],
      [quantity, String(line.quantity)],
      [unit, money(line.unitCents)],
      [amount, money(line.unitCents * line.quantity)],
    ];
    for (const [column, value] of cells) {
      writeText(doc, value, 400, x + 6, y + 8, { width: column.width - 12, align: column.align });
      x += column.width;
    }
    y += height;
    doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y + 14;
}

/** The net amounts, the tax by its name and rate on its net amount, and the total. */
function totals(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  const money = moneyOf(data);
  const tax = taxName(data.seller, data.taxTreatment, data.taxRateBp);
  const split = partial(data)
    ? splitGross(data.creditCents, data, data.creditedBeforeCents)
    : { netCents: data.subtotalCents + data.shippingCents, taxCents: data.taxCents };
  const rows: Array<[string, number]> = [
    ...(partial(data)
      ? []
      : ([
          ['Subtotal', data.subtotalCents],
          [data.shippingZone ? `Shipping (${data.shippingZone})` : 'Shipping', data.shippingCents],
        ] as Array<[string, number]>)),
    ['Total net', split.netCents],
    [`${tax} on ${money(split.netCents)}`, split.taxCents],
  ];
  const x = RIGHT - 270;
  let y = top;
  doc.fontSize(9.5);
  for (const [name, cents] of rows) {
    doc.fillColor(MUTED);
    writeText(doc, name, 400, x, y, { width: 180 });
    doc.fillColor(INK);
    plain(doc, money(cents), x + 180, y, 400, { width: 84, align: 'right' });
    y += 16;
  }
  doc.rect(x - 6, y + 2, 276, 26).fill(ACCENT);
  doc.fillColor('#ffffff').fontSize(11);
  plain(doc, data.kind === 'invoice' ? 'Total due' : 'Total credited', x, y + 9, 600, { width: 180 });
  plain(doc, money(data.kind === 'invoice' ? data.totalCents : data.creditCents), x + 180, y + 9, 600, {
    width: 84,
    align: 'right',
  });
  return y + 48;
}

/** The exemption's wording and both VAT IDs, as Article 226 (11) and (4) of the VAT Directive ask. */
function reverseCharge(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  if (data.taxTreatment !== 'reverse_charge') return top;
  const sellerVat = data.seller.taxNumbers.find((tax) => tax.kind === 'vat')?.value ?? '';
  doc.fontSize(9.5).fillColor(INK);
  plain(
    doc,
    'Exempt intra-Community supply of goods (Article 138, Council Directive 2006/112/EC).',
    MARGIN,
    top,
    600,
    { width: WIDTH },
  );
  plain(
    doc,
    `Supplier VAT ID: ${sellerVat} · Customer VAT ID: ${data.company?.vatId ?? ''}`,
    MARGIN,
    doc.y + 2,
    400,
    {
      width: WIDTH,
    },
  );
  return doc.y + 16;
}

/** The bank details a transfer needs: IBAN and BIC in the euro area, the US fields otherwise. */
function bankDetails(seller: Seller): Array<[string, string]> {
  const { bank } = seller;
  const rows: Array<[string, string | undefined]> = bank.iban
    ? [
        ['Account name', bank.accountName],
        ['IBAN', bank.iban.replace(/(.{4})(?=.)/g, '$1 ')],
        ['BIC', bank.bic],
        ['Bank', bank.bank],
      ]
    : [
        ['Bank', bank.bank],
        ['Account name', bank.accountName],
        ['Routing number', bank.routingNumber],
        ['Account number', bank.accountNumber],
        ['SWIFT / BIC', bank.swift],
      ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/** The EPC QR code's payload when one can be drawn: an invoice in euros to an IBAN. */
function epcOf(data: InvoicePdfData): string | undefined {
  const { seller } = data;
  if (data.kind !== 'invoice' || seller.currency !== 'EUR' || !seller.bank.iban || data.totalCents < 1)
    return undefined;
  return epcPayload({
    name: seller.bank.accountName || seller.legalName,
    iban: seller.bank.iban,
    bic: seller.bank.bic,
    amountCents: data.totalCents,
    reference: data.reference,
  });
}

/** A QR code's modules as filled squares: vector, sharp at any zoom and in print. */
function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number) {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = QR_SIDE / (modules.size + 2 * quiet);
  doc.rect(x, y, QR_SIDE, QR_SIDE).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column))
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** How to pay an invoice; what a credit note means. */
function instructions(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  const { seller } = data;
  label(doc, data.kind === 'invoice' ? 'How to pay' : 'About this credit note', MARGIN, top);
  doc.fontSize(9.5).fillColor(INK);
  if (data.kind === 'credit_note') {
    const invoice = data.credits
      ? `invoice ${data.credits.number} of ${day.format(data.credits.issuedAt)}`
      : 'its invoice';
    const amount = moneyOf({ ...data, kind: 'invoice' })(data.creditCents);
    const what = !partial(data)
      ? 'that invoice is cancelled in full and nothing is owed on it.'
      : lastPart(data)
        ? `it takes back the remaining ${amount} of that invoice; with the earlier credit notes, that invoice is credited in full and nothing is owed on it.`
        : `it takes back ${amount} of that invoice; the rest of it stands.`;
    plain(
      doc,
      `Credit note for ${invoice}: ${what} If you have already paid, write to ${seller.email} quoting ${data.number} and we refund the amount to the account it came from.`,
      MARGIN,
      top + 14,
      400,
      { width: WIDTH },
    );
    return doc.y + 12;
  }
  const epc = epcOf(data);
  const textWidth = epc ? WIDTH - QR_SIDE - 16 : WIDTH;
  plain(
    doc,
    `Payment terms: ${seller.termsDays} days. Please pay by bank transfer by ${day.format(dueDateOf(data))}, quoting the payment reference ${rfPrinted(data.reference)} (invoice ${data.number}).`,
    MARGIN,
    top + 14,
    400,
    { width: textWidth },
  );
  let y = doc.y + 10;
  const boxTop = y;
  const details = bankDetails(seller);
  const box = details.length * 15 + 16;
  doc.roundedRect(MARGIN, y, textWidth, box, 4).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 9;
  for (const [name, value] of [...details]) {
    doc.fillColor(MUTED);
    plain(doc, name, MARGIN + 12, y, 400, { width: 120 });
    doc.fillColor(INK);
    plain(doc, value, MARGIN + 132, y, 600, { width: textWidth - 144 });
    y += 15;
  }
  y += 16;
  if (!epc) return y;
  drawQr(doc, epc, RIGHT - QR_SIDE, top + 14);
  doc.fontSize(8.5).fillColor(INK);
  plain(doc, 'Scan to pay with your bank app', RIGHT - QR_SIDE, top + 18 + QR_SIDE, 400, {
    width: QR_SIDE,
    align: 'center',
  });
  return Math.max(y, doc.y + 12, boxTop);
}

/** An A4 invoice or credit note as PDF bytes, every word of it real, extractable text. */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const title = data.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    info: {
      Title: `${title} ${data.number}`,
      Author: data.seller.legalName,
      Subject: `${title} ${data.number} for order ${data.orderNumber}`,
      CreationDate: data.issuedAt,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let page = 1;
  footer(doc, data, page);
  const newPage = () => {
    doc.addPage();
    page += 1;
    footer(doc, data, page);
    return MARGIN;
  };
  const fits = (y: number, height: number) => (y + height > CONTENT_BOTTOM ? newPage() : y);

  let y = header(doc, data);
  y = parties(doc, data, y);
  y = lineRows(doc, data, y, newPage);
  y = totals(doc, data, fits(y, 130));
  y = reverseCharge(doc, data, fits(y, 40));
  instructions(doc, data, fits(y, 170));
  doc.end();
  return done;
}
