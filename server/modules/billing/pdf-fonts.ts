import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Inter from @fontsource (OFL-1.1), WOFF, one file per script subset: pdfkit embeds each as a real font,
 * so every word of a document is extractable text, and a customer's name in any script Inter covers
 * prints instead of empty boxes. Each piece of text is cut into runs, one per subset that has its glyphs.
 */
const SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
] as const;
type Subset = (typeof SUBSETS)[number];
export type Weight = 400 | 600;
const WEIGHTS: Weight[] = [400, 600];

const require = createRequire(import.meta.url);
const FILES = path.dirname(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'));
const fileOf = (subset: Subset, weight: Weight) => path.join(FILES, `inter-${subset}-${weight}-normal.woff`);

interface Coverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
// fontkit ships no types; only this one call is used (which characters a subset draws).
const fontkit = require('fontkit') as { openSync(file: string): Coverage };
let coverage: Map<Subset, Coverage> | undefined;

function coverageOf(): Map<Subset, Coverage> {
  coverage ??= new Map(SUBSETS.map((subset) => [subset, fontkit.openSync(fileOf(subset, 400))]));
  return coverage;
}

const fontName = (subset: Subset, weight: Weight) => `inter-${subset}-${weight}`;

// Read once: a document is rendered while its number's counter row is locked, so no disk reads then.
const files = new Map<string, Buffer>();

/** Makes the Inter faces known to the document (embedded only where used). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const subset of SUBSETS) {
    for (const weight of WEIGHTS) {
      const name = fontName(subset, weight);
      let data = files.get(name);
      if (!data) {
        data = readFileSync(fileOf(subset, weight));
        files.set(name, data);
      }
      doc.registerFont(name, data);
    }
  }
}

/** The text cut into runs, each drawn by the first subset that has all its characters. */
function runsOf(text: string): Array<{ subset: Subset; text: string }> {
  const fonts = coverageOf();
  const has = (subset: Subset, char: string) =>
    fonts.get(subset)?.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ?? false;
  const runs: Array<{ subset: Subset; text: string }> = [];
  for (const char of text) {
    const last = runs.at(-1);
    if (last && (/\s/.test(char) || has(last.subset, char))) {
      last.text += char;
      continue;
    }
    const subset = SUBSETS.find((candidate) => has(candidate, char)) ?? 'latin';
    runs.push({ subset, text: char });
  }
  return runs;
}

/** Selects Inter at a weight for text that is the firm's own (Latin): labels, numbers, amounts. */
export function latinFont(doc: PDFKit.PDFDocument, weight: Weight): PDFKit.PDFDocument {
  return doc.font(fontName('latin', weight));
}

/** Writes any text (a customer's name, an address) in as many runs as its scripts need. */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = runsOf(text);
  if (runs.length <= 1) {
    latinFont(doc, weight);
    const [only] = runs;
    if (only) doc.font(fontName(only.subset, weight));
    doc.text(text, x, y, options);
    return;
  }
  runs.forEach((run, index) => {
    doc.font(fontName(run.subset, weight));
    const continued = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}
