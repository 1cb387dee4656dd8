import type { PrintFontWeight } from './fonts.ts';
import { INTER_ADVANCES, INTER_MEASURED, INTER_PRINTABLE, INTER_UNITS_PER_EM } from './inter-metrics.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function pointsOf(ranges: string): number[] {
  return ranges.split(',').flatMap((range) => {
    const [start = 0, end = start] = range.split('-').map((hex) => Number.parseInt(hex, 16));
    return Array.from({ length: end - start + 1 }, (_, index) => start + index);
  });
}

interface Table {
  advances: Map<number, number>;
  /** The widest advance of the weight: what a character without a measured width counts as. */
  widest: number;
}

const tables = new Map<PrintFontWeight, Table>();
let printable: Set<number> | undefined;

function tableOf(weight: PrintFontWeight): Table {
  let table = tables.get(weight);
  if (!table) {
    const encoded = INTER_ADVANCES[weight];
    const advances = new Map(
      pointsOf(INTER_MEASURED).map((point, index) => [
        point,
        ALPHABET.indexOf(encoded[index * 2] ?? '') * 64 + ALPHABET.indexOf(encoded[index * 2 + 1] ?? ''),
      ]),
    );
    table = { advances, widest: Math.max(...advances.values()) };
    tables.set(weight, table);
  }
  return table;
}

/**
 * The width of a line of Inter at this size, in the size's units. Kerning is left out: Inter's kerning
 * pairs tighten far more than they widen, so the sum of advances is an upper bound in practice. A character
 * outside latin and latin-ext (Cyrillic, Greek, Vietnamese) counts as the weight's widest glyph, so a name
 * in those scripts may be refused a little early but never printed too wide.
 */
export function textWidth(text: string, weight: PrintFontWeight, size: number): number {
  const { advances, widest } = tableOf(weight);
  let units = 0;
  for (const char of text) units += advances.get(char.codePointAt(0) ?? 0) ?? widest;
  return (units * size) / INTER_UNITS_PER_EM;
}

/** The characters of the text the print fonts have no glyph for (they would print as empty boxes). */
export function unprintableCharacters(text: string): string[] {
  printable ??= new Set(pointsOf(INTER_PRINTABLE));
  const known = printable;
  return [...new Set([...text].filter((char) => !known.has(char.codePointAt(0) ?? 0)))];
}
