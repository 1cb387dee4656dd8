import { escapeXml } from '../xml.ts';
import { type DesignPalette, paletteOf } from './designs.ts';
import { CARD_UNITS, MARGIN, TEXT_BOXES, type TextField } from './fit.ts';
import { PRINT_FONT_FAMILY, type PrintFontWeight } from './fonts.ts';
import { textWidth } from './measure.ts';
import { BLEED_MM, type PrintedCard } from './personalisation.ts';
import { printedText } from './printed-text.ts';

/** A picture the caller embeds: a PNG as a data URL (uploads are re-encoded to PNG; nothing else is drawn). */
export type PngDataUrl = `data:image/png;base64,${string}`;

/** A QR code's modules, row by row, as `qrcode`'s `create(text).modules` gives them. */
export interface QrMatrix {
  size: number;
  data: ArrayLike<number | boolean>;
}

/** One line of text to draw; `x` is where it starts (or its middle), `y` its baseline, both in card units. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: PrintFontWeight;
  fill: string;
  anchor: 'start' | 'middle';
}

/** Draws one line as SVG markup: `<text>` by default; the server passes one that outlines it as paths. */
export type TextDrawer = (run: TextRun) => string;

export interface DrawCardInput {
  printed: PrintedCard;
  /** The card's design (`cards.category`): its colours and texture. */
  design: string;
  /** The fields the card offers (`cards.personal_fields`); anything else in `printed` is left off. */
  fields: readonly string[];
  images?: { logo?: PngDataUrl; signature?: PngDataUrl };
  /** The back's QR code (to the owner's card page), drawn when the card offers it and `printed.qr` is set. */
  qr?: QrMatrix;
  /** For print: the background runs 3 mm past the trim on every side and the corners are square. */
  bleed?: boolean;
  drawText?: TextDrawer;
}

const { width: W, height: H } = CARD_UNITS;
const BLEED = BLEED_MM * 100;
/** ID-1 corner radius, 3.18 mm. */
const CORNER = 318;
/** Inter's cap height is 1490 of 2048 units per em. */
const CAP = 1490 / 2048;
const HINT = { size: 240, weight: 700 as const };
const LOGO = { width: 3000, height: 1100 };
const SIGNATURE = { width: 3400, height: 1000 };
const QR_PLATE = 2400;
const QR_PADDING = 200;
const NFC_MARK = 440;

const num = (value: number) => String(Math.round(value * 1000) / 1000);

const drawTextElement: TextDrawer = (run) =>
  `<text x="${num(run.x)}" y="${num(run.y)}" font-family="${PRINT_FONT_FAMILY}, sans-serif" font-size="${run.size}" font-weight="${run.weight}" fill="${run.fill}"${run.anchor === 'middle' ? ' text-anchor="middle"' : ''}>${escapeXml(run.text)}</text>`;

function checkedPng(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  if (!/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(href))
    throw new Error('a card picture must be a PNG data URL');
  return href;
}

function hexToUnit(hex: string): string[] {
  return [1, 3, 5].map((start) => num(Number.parseInt(hex.slice(start, start + 2), 16) / 255));
}

function defs(side: string, palette: DesignPalette): string {
  const parts = [
    `<linearGradient id="${side}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
  ];
  if (palette.texture === 'carbon') {
    parts.push(
      `<pattern id="${side}-tex" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#ffffff" fill-opacity="0.05"/><rect x="40" y="40" width="40" height="40" fill="#ffffff" fill-opacity="0.05"/><rect x="40" width="40" height="40" fill="#000000" fill-opacity="0.12"/><rect y="40" width="40" height="40" fill="#000000" fill-opacity="0.12"/></pattern>`,
    );
  } else if (palette.texture === 'brushed') {
    parts.push(
      `<pattern id="${side}-tex" width="400" height="36" patternUnits="userSpaceOnUse"><rect width="400" height="9" fill="#ffffff" fill-opacity="0.10"/><rect y="18" width="400" height="6" fill="#000000" fill-opacity="0.05"/></pattern>`,
    );
  } else if (palette.texture === 'grain') {
    const lines = [420, 760, 1180, 1490, 1960, 2310, 2780, 3120, 3570, 3940, 4410, 4780, 5160];
    const paths = lines
      .map(
        (y, index) =>
          `<path d="M-400 ${y} C 2000 ${y - 90 + (index % 3) * 60}, 5200 ${y + 110 - (index % 4) * 50}, 9000 ${y + (index % 2 ? 40 : -40)}" stroke-width="${14 + (index % 3) * 10}"/>`,
      )
      .join('');
    parts.push(
      `<pattern id="${side}-tex" width="${W + 2 * BLEED}" height="${H + 2 * BLEED}" x="${-BLEED}" y="${-BLEED}" patternUnits="userSpaceOnUse"><g fill="none" stroke="#4a3210" stroke-opacity="0.07">${paths}</g></pattern>`,
    );
  }
  parts.push(
    `<filter id="${side}-ink" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="0 0 0 0 ${hexToUnit(palette.signature).join(' 0 0 0 0 ')} 0 0 0 1 0"/></filter>`,
  );
  return `<defs>${parts.join('')}</defs>`;
}

function svgOpen(label: string, bleed: boolean): string {
  const pad = bleed ? BLEED : 0;
  const width = W + 2 * pad;
  const height = H + 2 * pad;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${width} ${height}" width="${width / 100}mm" height="${height / 100}mm" role="img" aria-label="${escapeXml(label)}">`;
}

function background(side: string, palette: DesignPalette, bleed: boolean): string {
  const shape = bleed
    ? `x="${-BLEED}" y="${-BLEED}" width="${W + 2 * BLEED}" height="${H + 2 * BLEED}"`
    : `width="${W}" height="${H}" rx="${CORNER}"`;
  const texture = palette.texture ? `<rect ${shape} fill="url(#${side}-tex)"/>` : '';
  return `<rect ${shape} fill="url(#${side}-bg)"/>${texture}`;
}

function image(href: string, box: { x: number; y: number; width: number; height: number }, align: string) {
  return `<image href="${escapeXml(href)}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="${align} meet"`;
}

/** The contactless mark: four arcs opening to the right, `size` high, its left edge at x. */
function nfcMark(x: number, top: number, size: number, colour: string): string {
  const unit = size / 100;
  const arcs = [30, 52, 74, 96]
    .map((chord, index) => {
      const ax = x + (14 + index * 20) * unit;
      const r = chord * 0.62 * unit;
      return `<path d="M${num(ax)} ${num(top + (50 - chord / 2) * unit)}a${num(r)} ${num(r)} 0 0 1 0 ${num(chord * unit)}"/>`;
    })
    .join('');
  return `<g fill="none" stroke="${colour}" stroke-width="${num(8 * unit)}" stroke-linecap="round">${arcs}</g>`;
}

/** The QR's dark modules as one path, runs of a row joined, in module units scaled into the box. */
function qrCode(qr: QrMatrix, x: number, y: number, side: number, colour: string): string {
  let d = '';
  for (let row = 0; row < qr.size; row++) {
    let run = 0;
    for (let column = 0; column <= qr.size; column++) {
      const dark = column < qr.size && Boolean(qr.data[row * qr.size + column]);
      if (dark) run++;
      else if (run > 0) {
        d += `M${column - run} ${row}h${run}v1h${-run}z`;
        run = 0;
      }
    }
  }
  return `<path transform="translate(${num(x)} ${num(y)}) scale(${num(side / qr.size)})" d="${d}" fill="${colour}" shape-rendering="crispEdges"/>`;
}

interface Content {
  texts: Record<TextField, string>;
  logo?: string;
  signature?: string;
  qr?: QrMatrix;
}

function contentOf(input: DrawCardInput): Content {
  const offers = (field: string) => input.fields.includes(field);
  const text = (field: TextField) => (offers(field) ? printedText(input.printed[field]) : '');
  return {
    texts: { name: text('name'), title: text('title'), company: text('company') },
    logo: offers('logo') ? checkedPng(input.images?.logo) : undefined,
    signature: offers('signature') ? checkedPng(input.images?.signature) : undefined,
    qr: offers('qr') && input.printed.qr ? input.qr : undefined,
  };
}

function front(content: Content, palette: DesignPalette, drawText: TextDrawer, id: string): string {
  const { texts } = content;
  const parts: string[] = [];
  const line = (field: TextField, text: string, y: number, fill: string) =>
    drawText({
      text,
      x: MARGIN,
      y,
      size: TEXT_BOXES[field].size,
      weight: TEXT_BOXES[field].weight,
      fill,
      anchor: 'start',
    });
  if (content.logo) {
    parts.push(`${image(content.logo, { x: MARGIN, y: MARGIN, ...LOGO }, 'xMinYMin')}/>`);
  } else if (texts.company) {
    parts.push(line('company', texts.company, MARGIN + TEXT_BOXES.company.size * CAP, palette.accent));
  }
  // The name block sits on the bottom margin, read from the bottom up: company (under a logo), title, name.
  const block: { field: TextField; fill: string; gap: number }[] = [];
  if (texts.name) block.push({ field: 'name', fill: palette.ink, gap: 440 });
  if (texts.title) block.push({ field: 'title', fill: palette.muted, gap: 360 });
  if (content.logo && texts.company) block.push({ field: 'company', fill: palette.accent, gap: 360 });
  let baseline = H - MARGIN;
  let top = H - MARGIN;
  for (const [index, entry] of [...block].reverse().entries()) {
    if (index > 0) baseline -= entry.gap;
    parts.push(line(entry.field, texts[entry.field], baseline, entry.fill));
    top = baseline - TEXT_BOXES[entry.field].size * CAP;
  }
  if (content.signature) {
    const bottom = top - (block.length > 0 ? 260 : 0);
    parts.push(
      `${image(content.signature, { x: MARGIN - 60, y: bottom - SIGNATURE.height, ...SIGNATURE }, 'xMinYMax')} filter="url(#${id}-ink)"/>`,
    );
  }
  return parts.join('');
}

const HINT_GAP = 120;

/** The contactless mark and a short line beside it, on the bottom margin from `left`. */
function tapHint(text: string, left: number, palette: DesignPalette, drawText: TextDrawer): string {
  return (
    nfcMark(left - 40, H - MARGIN - NFC_MARK, NFC_MARK, palette.ink) +
    drawText({
      text,
      x: left + NFC_MARK + HINT_GAP,
      y: H - MARGIN - (NFC_MARK - HINT.size * CAP) / 2,
      ...HINT,
      fill: palette.ink,
      anchor: 'start',
    })
  );
}

function back(content: Content, palette: DesignPalette, drawText: TextDrawer): string {
  const { texts, qr } = content;
  const parts: string[] = [];
  const wordmark = texts.company ? 'company' : texts.name ? 'name' : undefined;
  if (qr) {
    const plateX = W - MARGIN - QR_PLATE;
    const plateY = (H - QR_PLATE) / 2;
    if (!palette.light) {
      parts.push(
        `<rect x="${plateX}" y="${plateY}" width="${QR_PLATE}" height="${QR_PLATE}" rx="160" fill="#ffffff"/>`,
      );
    }
    const inner = QR_PLATE - 2 * QR_PADDING;
    parts.push(
      qrCode(qr, plateX + QR_PADDING, plateY + QR_PADDING, inner, palette.light ? palette.ink : '#111111'),
    );
    if (content.logo) {
      parts.push(`${image(content.logo, { x: MARGIN, y: MARGIN, ...LOGO }, 'xMinYMin')}/>`);
    } else if (wordmark) {
      const box = TEXT_BOXES.company;
      parts.push(
        drawText({
          text: texts[wordmark],
          x: MARGIN,
          y: MARGIN + box.size * CAP,
          size: box.size,
          weight: box.weight,
          fill: palette.ink,
          anchor: 'start',
        }),
      );
    }
    parts.push(tapHint('Tap or scan', MARGIN, palette, drawText));
    return parts.join('');
  }
  if (content.logo) {
    const box = { width: 4200, height: 1600 };
    parts.push(
      `${image(content.logo, { x: (W - box.width) / 2, y: (H - box.height) / 2 - 300, ...box }, 'xMidYMid')}/>`,
    );
  } else if (wordmark) {
    const box = TEXT_BOXES.company;
    parts.push(
      drawText({
        text: texts[wordmark],
        x: W / 2,
        y: H / 2 - 300 + (box.size * CAP) / 2,
        size: box.size,
        weight: box.weight,
        fill: palette.ink,
        anchor: 'middle',
      }),
    );
  } else {
    parts.push(nfcMark(W / 2 - 500, H / 2 - 800, 1000, palette.ink));
  }
  const hint = 'Tap to connect';
  parts.push(
    tapHint(
      hint,
      (W - (NFC_MARK + HINT_GAP + textWidth(hint, HINT.weight, HINT.size))) / 2,
      palette,
      drawText,
    ),
  );
  return parts.join('');
}

/**
 * The card's front and back as two SVG documents, the same in the browser's preview and on the server (the
 * order snapshot and, with `bleed` and outlined text, the print file). Units are 0.01 mm; the output depends
 * on the input alone. Text is drawn as typed: check `fitProblems` first, nothing here shortens it.
 */
export function drawCard(input: DrawCardInput): { front: string; back: string } {
  const palette = paletteOf(input.design);
  const bleed = input.bleed ?? false;
  const drawText = input.drawText ?? drawTextElement;
  const content = contentOf(input);
  // Ids name the side and the design: previews of several cards on one page share identical definitions only.
  const key = input.design.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const side = (name: 'front' | 'back', label: string, body: (id: string) => string) => {
    const id = `${name}-${key}`;
    return `${svgOpen(label, bleed)}${defs(id, palette)}${background(id, palette, bleed)}${body(id)}</svg>`;
  };
  return {
    front: side('front', 'Front of the card', (id) => front(content, palette, drawText, id)),
    back: side('back', 'Back of the card', () => back(content, palette, drawText)),
  };
}
