import { PRINT_FIELD_LABELS, type PrintField } from '../card-design/personalisation.ts';

const lower = (field: PrintField) => PRINT_FIELD_LABELS[field].toLowerCase();

/** Text that would run past its place on the card: refused, never cut. */
export const textTooLong = (field: PrintField) =>
  `The ${lower(field)} is too long for the card: shorten it to fit.`;

export const textUnprintable = (field: PrintField, characters: string[]) =>
  `The ${lower(field)} has characters the card’s typeface cannot print: ${characters.join(' ')}`;
