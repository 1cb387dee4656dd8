import { z } from 'zod';

/** One printed card of a personalised line, as ordered. */
export const printedDesignSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string().nullable(),
    title: z.string().nullable(),
    company: z.string().nullable(),
    logo: z.boolean(),
    signature: z.boolean(),
    qr: z.boolean(),
    member_email: z.string().nullable().describe('The Team Pack member this card is for.'),
    serial: z
      .string()
      .nullable()
      .describe('A member card once shipped: the serial of the card packed for them, e.g. "7K3M-9Q2P-XR4D".'),
    claimed_at: z.iso.datetime().nullable().describe('When the member claimed it onto their profile.'),
    front: z.string().describe('The front as ordered: an SVG drawing for the order’s owner and the firm.'),
    back: z.string(),
    print_ready: z
      .boolean()
      .describe('Whether its print file is made: they are made after the order, card by card.'),
  })
  .meta({ id: 'PrintedDesign' });
export type PrintedDesign = z.output<typeof printedDesignSchema>;

/** How far the print files of a personalised order are made (after the order, card by card). */
export const printFilesSchema = z
  .strictObject({
    ready: z.number().int().describe('Printed cards whose print file is made.'),
    total: z.number().int(),
  })
  .meta({ id: 'PrintFiles' });
export type PrintFiles = z.output<typeof printFilesSchema>;
