import { textTooLong, textUnprintable } from '../messages/card-design.ts';
import type { PrintFontWeight } from './fonts.ts';
import { textWidth, unprintableCharacters } from './measure.ts';
import type { PrintedCard } from './personalisation.ts';
import { printedText } from './printed-text.ts';

/** The card in drawing units of 0.01 mm: 85.60 × 53.98 mm, ISO/IEC 7810 ID-1. */
export const CARD_UNITS = { width: 8560, height: 5398 } as const;
/** Text and pictures keep this far from the trim (4 mm is the printer's safe zone; 7 mm looks generous). */
export const MARGIN = 700;

export type TextField = 'name' | 'title' | 'company';
const TEXT_FIELDS: readonly TextField[] = ['name', 'title', 'company'];

/** Where a text field goes: its size (cap to cap, in card units), weight and the widest it may be. */
interface TextBox {
  size: number;
  weight: PrintFontWeight;
  maxWidth: number;
}

const FULL_WIDTH = CARD_UNITS.width - 2 * MARGIN;

/** About 11 pt for the name, 7 pt for the title and the company: a business card's usual hierarchy. */
export const TEXT_BOXES: Record<TextField, TextBox> = {
  name: { size: 400, weight: 700, maxWidth: FULL_WIDTH },
  title: { size: 250, weight: 400, maxWidth: FULL_WIDTH },
  company: { size: 260, weight: 700, maxWidth: FULL_WIDTH },
};

interface FitProblem {
  field: TextField;
  message: string;
}

/**
 * The text fields of a printed card that cannot be printed as typed: too wide for their place, or with
 * characters the typeface lacks. Only fields the card offers count. The form shows these before ordering
 * and the server refuses an order that has any: nothing is ever cut or shrunk to fit.
 */
export function fitProblems(printed: PrintedCard, fields: readonly string[]): FitProblem[] {
  return TEXT_FIELDS.flatMap((field) => {
    const text = printedText(printed[field]);
    if (!fields.includes(field) || !text) return [];
    const missing = unprintableCharacters(text);
    if (missing.length > 0) return [{ field, message: textUnprintable(field, missing) }];
    const box = TEXT_BOXES[field];
    return textWidth(text, box.weight, box.size) > box.maxWidth
      ? [{ field, message: textTooLong(field) }]
      : [];
  });
}
