import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  CARD_SIZE_MM,
  PRINT_FIELD_LABELS,
  type PrintedCard,
} from '../../../common/card-design/personalisation.ts';
import { company } from '../../../content/company.ts';
import { embedPictures, type Pictures } from '../personalisation/picture-refs.ts';
import { rasteriseCardSvg } from './card-png.ts';

/** One printed card as the order snapshotted it. */
export interface ProofCard {
  line: string;
  design: string;
  printed: PrintedCard;
  memberEmail: string | null;
  frontSvg: string;
  backSvg: string;
}

const fontPath = (weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

const MM = 72 / 25.4;
const MARGIN = 20 * MM;
/** The card drawn at twice its size: small type must be readable on the proof. */
const CARD_WIDTH = CARD_SIZE_MM.width * 2 * MM;
const CARD_HEIGHT = CARD_SIZE_MM.height * 2 * MM;

/** What will be printed on one card, field by field, as the cover lists it. */
function printedLines(card: ProofCard): string[] {
  const { printed } = card;
  const lines: string[] = [];
  for (const field of ['name', 'title', 'company'] as const) {
    const value = printed[field];
    if (value) lines.push(`${PRINT_FIELD_LABELS[field]}: ${value}`);
  }
  if (printed.logo !== undefined) lines.push(`${PRINT_FIELD_LABELS.logo}: your uploaded image`);
  if (printed.signature !== undefined) lines.push(`${PRINT_FIELD_LABELS.signature}: your uploaded image`);
  if (printed.qr) lines.push(PRINT_FIELD_LABELS.qr);
  if (card.memberEmail)
    lines.push(`Team member: ${card.memberEmail} (e-mailed a link to claim it when the order ships)`);
  return lines.length ? lines : ['No personal text'];
}

/** What the pool needs to make a proof: the order, its cards' stored drawings and the pictures they name. */
export interface ProofPdfInput {
  order: { number: string; version: number };
  cards: ProofCard[];
  pictures: Pictures;
  /** What the firm corrected since the previous version, in words. */
  changes?: string[];
}

/**
 * The generated proof (the pool's `proofPdf` task): a cover page listing what will be printed on each card
 * (real, searchable text in Inter), then one page per card with its front and back drawn from the order's
 * stored preview. pdfkit cannot import the print PDF's pages, so each side is rasterised (see decision 026),
 * one at a time and as a JPEG that pdfkit embeds as it is: only the PDF grows, card by card.
 */
export async function generateProofPdf({
  order,
  cards,
  pictures,
  changes = [],
}: ProofPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Proof for order ${order.number}, version ${order.version}`, Author: company.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const regular = fontPath(400);
  const bold = fontPath(700);

  doc.font(bold).fontSize(20).text(`Proof for order ${order.number}, version ${order.version}`);
  doc.moveDown(0.5);
  doc
    .font(regular)
    .fontSize(10.5)
    .fillColor('#374151')
    .text(
      `Please check every card below: names, spelling, titles and pictures. We print exactly this once you approve it. ${cards.length === 1 ? 'This order has 1 personalised card.' : `This order has ${cards.length} personalised cards.`}`,
    );
  doc.moveDown(1);
  if (changes.length > 0) {
    doc
      .fillColor('#111827')
      .font(bold)
      .fontSize(12)
      .text(`Changed since version ${order.version - 1}`);
    doc.font(regular).fontSize(10.5);
    for (const change of changes) doc.text(change, { indent: 12 });
    doc.moveDown(0.6);
  }
  cards.forEach((card, index) => {
    doc
      .fillColor('#111827')
      .font(bold)
      .fontSize(12)
      .text(`Card ${index + 1}: ${card.line} (${card.design})`);
    doc.font(regular).fontSize(10.5);
    for (const line of printedLines(card)) doc.text(line, { indent: 12 });
    doc.moveDown(0.6);
  });

  for (const [index, card] of cards.entries()) {
    const front = await rasteriseCardSvg(embedPictures(card.frontSvg, pictures));
    const back = await rasteriseCardSvg(embedPictures(card.backSvg, pictures));
    doc.addPage();
    doc
      .fillColor('#111827')
      .font(bold)
      .fontSize(13)
      .text(`Card ${index + 1}: ${card.printed.name || card.line}`);
    doc.moveDown(0.5);
    for (const [side, png] of [
      ['Front', front],
      ['Back', back],
    ] as const) {
      doc.font(regular).fontSize(10).fillColor('#4b5563').text(side);
      const y = doc.y + 4;
      doc.image(png, MARGIN, y, { width: CARD_WIDTH, height: CARD_HEIGHT });
      doc.rect(MARGIN, y, CARD_WIDTH, CARD_HEIGHT).lineWidth(0.5).strokeColor('#9ca3af').stroke();
      doc.y = y + CARD_HEIGHT + 14;
    }
    doc
      .font(regular)
      .fontSize(9)
      .fillColor('#6b7280')
      .text(
        `Shown at twice the real size (${CARD_SIZE_MM.width} × ${CARD_SIZE_MM.height} mm). Colours on screen differ slightly from print.`,
        MARGIN,
        doc.y,
      );
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
