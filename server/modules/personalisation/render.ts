import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type DrawCardInput, drawCard } from '../../../common/card-design/draw.ts';
import { BLEED_MM, CARD_SIZE_MM, PRINT_DPI } from '../../../common/card-design/personalisation.ts';
import { drawTextOutlined } from './outline.ts';
import { type Pictures, pngDataUrl } from './picture-refs.ts';

const MM_PER_INCH = 25.4;
const POINTS_PER_MM = 72 / MM_PER_INCH;
/** The print page: the card and its bleed on every side. */
const PRINT_PAGE_MM = {
  width: CARD_SIZE_MM.width + 2 * BLEED_MM,
  height: CARD_SIZE_MM.height + 2 * BLEED_MM,
};

function widthMmOf(svg: string): number {
  const width = /^<svg[^>]*\swidth="([\d.]+)mm"/.exec(svg)?.[1];
  if (!width) throw new Error('the SVG must give its width in mm');
  return Number(width);
}

/** An SVG drawn by drawCard, as a PNG at this resolution (text must be outlined: resvg loads no fonts here). */
export function renderPng(svg: string, dpi: number): Buffer {
  const pixels = Math.round((widthMmOf(svg) / MM_PER_INCH) * dpi);
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: pixels },
    font: { loadSystemFonts: false },
    shapeRendering: 2,
    imageRendering: 0,
  });
  return resvg.render().asPng();
}

/**
 * The print file: two pages (front, back), each the card plus 3 mm bleed, the 300 dpi picture placed edge to
 * edge. TrimBox and BleedBox tell the print shop where to cut; there are no drawn crop marks (they would
 * need a larger page than the bleed, and the boxes are what print workflows read).
 */
export async function printPdf(front: string, back: string, texts: string[] = []): Promise<Buffer> {
  for (const svg of [front, back]) {
    if (Math.abs(widthMmOf(svg) - PRINT_PAGE_MM.width) > 0.001)
      throw new Error('draw the print sides with bleed');
  }
  // Opaque RGB: a print file carries no soft mask (resvg renders RGBA). sharp loads here, as for uploads.
  const { default: sharp } = await import('sharp');
  const pictures = await Promise.all(
    [front, back].map((svg) =>
      sharp(renderPng(svg, PRINT_DPI)).flatten({ background: '#ffffff' }).png().toBuffer(),
    ),
  );
  const page = [PRINT_PAGE_MM.width * POINTS_PER_MM, PRINT_PAGE_MM.height * POINTS_PER_MM] as [
    number,
    number,
  ];
  const bleed = BLEED_MM * POINTS_PER_MM;
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: 'Intro card print file', Creator: 'smartcard-site', Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const picture of pictures) {
    doc.addPage({ size: page, margin: 0 });
    const box = doc.page.dictionary.data as Record<string, unknown>;
    box.BleedBox = [0, 0, page[0], page[1]];
    box.TrimBox = [bleed, bleed, page[0] - bleed, page[1] - bleed];
    doc.image(picture, 0, 0, { width: page[0], height: page[1] });
    if (picture === pictures[0] && texts.length > 0) searchableText(doc, texts, bleed);
  }
  doc.end();
  return done;
}

/**
 * The printed texts, on the front page, as invisible text (rendering mode 3: neither filled nor stroked): the
 * picture is what prints, but the file says in words whose card it is, so the print shop can search it and
 * the firm can check that a correction reached it (`pdftotext`).
 */
function searchableText(doc: PDFKit.PDFDocument, texts: string[], at: number) {
  doc.save();
  doc.addContent('3 Tr');
  doc.font(createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'));
  doc.fontSize(6);
  texts.forEach((text, index) => {
    doc.text(text, at, at + index * 8, { lineBreak: false });
  });
  doc.restore();
}

/** The print file of one printed card: drawn with bleed and outlined text, then printPdf. */
export function printFileOf(input: Omit<DrawCardInput, 'bleed' | 'drawText'>): Promise<Buffer> {
  const { front, back } = drawCard({ ...input, bleed: true, drawText: drawTextOutlined });
  const { name, title, company } = input.printed;
  const texts = [name, title, company].filter((text): text is string => Boolean(text));
  return printPdf(front, back, texts);
}

/** What the pool needs to make one card's print file: what it prints, and its pictures' PNGs. */
export interface PrintFileInput {
  printed: DrawCardInput['printed'];
  design: string;
  fields: readonly string[];
  /** The text of the back's QR code, when it has one. */
  qr: string | null;
  pictures: Pictures;
}

/** The print file of one printed card, in the pool: its pictures embedded once, for this drawing only. */
export function printFileFrom(input: PrintFileInput): Promise<Buffer> {
  const picture = (id: number | undefined) => {
    const png = id === undefined ? undefined : input.pictures.get(id);
    return png ? pngDataUrl(png) : undefined;
  };
  const logo = picture(input.printed.logo);
  const signature = picture(input.printed.signature);
  return printFileOf({
    printed: input.printed,
    design: input.design,
    fields: input.fields,
    images: { ...(logo ? { logo } : {}), ...(signature ? { signature } : {}) },
    ...(input.qr ? { qr: QRCode.create(input.qr, { errorCorrectionLevel: 'M' }).modules } : {}),
  });
}
