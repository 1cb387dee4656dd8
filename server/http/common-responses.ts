import { z } from 'zod';

/**
 * Answer shapes every module shares. Response schemas are strict objects: a field added to an answer
 * without its schema (or dropped from it) fails the tests that parse the answers.
 */

/** An answer that is only a message to show, word for word. */
export const detailSchema = z.strictObject({ detail: z.string() }).meta({ id: 'Detail' });
export type Detail = z.output<typeof detailSchema>;

/** A page of a list as a service returns it: loaders read its number and the number of pages. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    count: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    results: z.array(item),
  });
}

/** A page of a list as the API answers it: links to the pages beside it, null at either end. */
export function linkedPageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
