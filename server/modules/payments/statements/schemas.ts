import { z } from 'zod';

const ORDER_NUMBER = 'Enter the order’s number, like NX-7K3M-9Q2P.';

/** Assigning a line: the order it pays, by its number as the buyer sees it (case and spaces forgiven). */
export const assignLineBody = z.strictObject({
  order: z
    .string(ORDER_NUMBER)
    .max(40, ORDER_NUMBER)
    .transform((text) => text.trim().toUpperCase().replace(/\s+/g, '-'))
    .pipe(z.string().regex(/^NX-[0-9A-Z]{4}-[0-9A-Z]{4}$/, ORDER_NUMBER))
    .describe('The order’s number, e.g. "NX-7K3M-9Q2P".'),
});

/** The upload form: the statement in the `file` field and no other field. */
export const statementForm = z.strictObject({});
