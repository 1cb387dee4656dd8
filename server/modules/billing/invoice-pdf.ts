import PDFDocument from 'pdfkit';
import { company } from '../../../content/company.ts';
import type { InvoiceKind } from '../../db/schema/index.ts';
import { latinFont, registerFonts, type Weight, writeText } from './pdf-fonts.ts';

/** Everything an invoice or credit note prints, as it was when the document was issued. */
export interface InvoicePdfData {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  /** The invoice a credit note cancels. */
  credits: string | null;
  /** What a credit note takes back, in cents (positive): its invoice's total, or a part for a refund; 0 on an invoice. */
  creditCents: number;
  orderNumber: string;
  orderDate: Date;
  customer: { name: string; email: string };
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

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Dollars, with a minus on a credit note: it takes back what its invoice asked for. */
function moneyOf(kind: InvoiceKind) {
  return (cents: number) =>
    `${kind === 'credit_note' && cents !== 0 ? '-' : ''}${dollars.format(cents / 100)}`;
}

/** 2000 basis points → "20%", 825 → "8.25%". */
function percentOf(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The due date: the issue date plus the firm's payment terms. */
function dueDateOf(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + company.payment.termsDays * 24 * 60 * 60 * 1000);
}

const COLUMNS = [
  { header: 'Description', width: 199, align: 'left' },
  { header: 'SKU', width: 90, align: 'left' },
  { header: 'Qty', width: 36, align: 'right' },
  { header: 'Unit price', width: 76, align: 'right' },
  { header: 'Amount', width: WIDTH - 199 - 90 - 36 - 76, align: 'right' },
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

/** The firm at the top left, the document's title and numbers at the top right. */
function header(doc: PDFKit.PDFDocument, data: InvoicePdfData): number {
  doc.fillColor(ACCENT);
  plain(doc.fontSize(20), company.name, MARGIN, MARGIN, 600);
  doc.fontSize(9).fillColor(MUTED);
  let y = MARGIN + 28;
  for (const line of [company.legalName, company.address, company.email, company.phone]) {
    plain(doc, line, MARGIN, y, 400, { width: 260 });
    y = doc.y + 1;
  }

  const title = data.kind === 'invoice' ? 'INVOICE' : 'CREDIT NOTE';
  doc.fillColor(ACCENT);
  plain(doc.fontSize(20), title, MARGIN + 260, MARGIN, 600, {
    width: WIDTH - 260,
    align: 'right',
    characterSpacing: 1,
  });
  const facts: Array<[string, string]> = [
    [data.kind === 'invoice' ? 'Invoice number' : 'Credit note number', data.number],
    ['Issue date', day.format(data.issuedAt)],
    ...(data.kind === 'invoice'
      ? [['Due date', day.format(dueDateOf(data.issuedAt))] as [string, string]]
      : [['Credits invoice', data.credits ?? ''] as [string, string]]),
    ['Order', data.orderNumber],
    ['Order date', day.format(data.orderDate)],
  ];
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

/** Who is billed and where the cards go. */
function parties(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  doc.moveTo(MARGIN, top).lineTo(RIGHT, top).lineWidth(0.75).strokeColor(RULE).stroke();
  const y = top + 14;
  label(doc, data.kind === 'invoice' ? 'Billed to' : 'Credited to', MARGIN, y);
  doc.fontSize(10.5).fillColor(INK);
  writeText(doc, data.customer.name || data.customer.email, 600, MARGIN, y + 14, { width: 220 });
  doc.fontSize(9.5).fillColor(INK);
  writeText(doc, data.customer.email, 400, MARGIN, doc.y + 2, { width: 220 });
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
  const y = A4.height - 64;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(RULE).stroke();
  doc.fontSize(8).fillColor(MUTED);
  plain(doc, `${company.legalName} · ${company.address} · ${company.email}`, MARGIN, y + 10, 400, {
    width: WIDTH - 90,
    lineBreak: false,
  });
  plain(doc, `${data.number} · page ${page}`, RIGHT - 90, y + 10, 400, {
    width: 90,
    align: 'right',
    lineBreak: false,
  });
}

/** The lines, one row each; a long order goes on over more pages, each with the table's header. */
function lineRows(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number, newPage: () => number): number {
  const money = moneyOf(data.kind);
  let y = tableHeader(doc, top);
  const [description, sku, quantity, unit, amount] = COLUMNS;
  for (const line of data.lines) {
    latinFont(doc, 600).fontSize(9.5);
    const nameHeight = doc.heightOfString(line.name, { width: description.width - 12 });
    const height = nameHeight + 26;
    if (y + height > CONTENT_BOTTOM) y = tableHeader(doc, newPage());
    doc.fillColor(INK).fontSize(9.5);
    writeText(doc, line.name, 600, MARGIN + 6, y + 8, { width: description.width - 12 });
    doc.fontSize(8.5).fillColor(MUTED);
    writeText(doc, `Design: ${line.design}`, 400, MARGIN + 6, doc.y + 2, { width: description.width - 12 });
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

function totals(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  const money = moneyOf(data.kind);
  const rows: Array<[string, number]> = [
    ['Subtotal', data.subtotalCents],
    [data.shippingZone ? `Shipping (${data.shippingZone})` : 'Shipping', data.shippingCents],
    [`Tax (${percentOf(data.taxRateBp)})`, data.taxCents],
  ];
  const x = RIGHT - 240;
  let y = top;
  doc.fontSize(9.5);
  for (const [name, cents] of rows) {
    doc.fillColor(MUTED);
    writeText(doc, name, 400, x, y, { width: 150 });
    doc.fillColor(INK);
    plain(doc, money(cents), x + 150, y, 400, { width: 84, align: 'right' });
    y += 16;
  }
  doc.rect(x - 6, y + 2, 246, 26).fill(ACCENT);
  doc.fillColor('#ffffff').fontSize(11);
  plain(doc, data.kind === 'invoice' ? 'Total due' : 'Total credited', x, y + 9, 600, { width: 150 });
  plain(doc, money(data.totalCents), x + 150, y + 9, 600, { width: 84, align: 'right' });
  return y + 48;
}

/** How to pay an invoice; what a credit note means. */
function instructions(doc: PDFKit.PDFDocument, data: InvoicePdfData, top: number): number {
  const { payment } = company;
  label(doc, data.kind === 'invoice' ? 'How to pay' : 'About this credit note', MARGIN, top);
  doc.fontSize(9.5).fillColor(INK);
  if (data.kind === 'credit_note') {
    plain(
      doc,
      `Credit note for invoice ${data.credits}: that invoice is cancelled in full and nothing is owed on it. If you have already paid it, write to ${company.email} quoting ${data.number} and we refund the amount to the account it came from.`,
      MARGIN,
      top + 14,
      400,
      { width: WIDTH },
    );
    return doc.y + 12;
  }
  plain(
    doc,
    `Please pay by bank transfer within ${payment.termsDays} days, by ${day.format(dueDateOf(data.issuedAt))}, quoting invoice number ${data.number} as the payment reference.`,
    MARGIN,
    top + 14,
    400,
    { width: WIDTH },
  );
  let y = doc.y + 10;
  const box = 5 * 15 + 16;
  doc.roundedRect(MARGIN, y, WIDTH, box, 4).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 9;
  const details: Array<[string, string]> = [
    ['Bank', payment.bank],
    ['Account name', payment.accountName],
    ['Routing number', payment.routingNumber],
    ['Account number', payment.accountNumber],
    ['SWIFT / BIC', payment.swift],
  ];
  for (const [name, value] of details) {
    doc.fillColor(MUTED);
    plain(doc, name, MARGIN + 12, y, 400, { width: 120 });
    doc.fillColor(INK);
    plain(doc, value, MARGIN + 132, y, 600, { width: WIDTH - 144 });
    y += 15;
  }
  return y + 16;
}

/** An A4 invoice or credit note as PDF bytes, every word of it real, extractable text. */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const title = data.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    info: {
      Title: `${title} ${data.number}`,
      Author: company.legalName,
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
  y = totals(doc, data, fits(y, 100));
  instructions(doc, data, fits(y, 150));
  doc.end();
  return done;
}
