import { DESIGN_PICTURE_CAP, PRINT_FIELD_LABELS, type PrintField } from '../card-design/personalisation.ts';

const lower = (field: PrintField) => PRINT_FIELD_LABELS[field].toLowerCase();

/** Text that would run past its place on the card: refused, never cut. */
export const textTooLong = (field: PrintField) =>
  `The ${lower(field)} is too long for the card: shorten it to fit.`;

export const textUnprintable = (field: PrintField, characters: string[]) =>
  `The ${lower(field)} has characters the card’s typeface cannot print: ${characters.join(' ')}`;

export const DESIGN_UPLOAD_MESSAGES = {
  kind: 'Choose whether the picture is a logo or a signature.',
  noFile: 'Choose a picture to upload.',
  notFound: 'Picture not found.',
  reduced: `Your picture was reduced to what a printed card needs (at most ${DESIGN_PICTURE_CAP.side} pixels on its long side and ${DESIGN_PICTURE_CAP.bytes / 1024 / 1024} MB): check it in the preview.`,
  tooDetailed: `The picture has too much detail to keep under ${DESIGN_PICTURE_CAP.bytes / 1024 / 1024} MB: use a simpler logo or a plainer background.`,
  noInk:
    'No signature could be found in the picture: sign in dark ink on white paper and photograph it in good light.',
} as const;
