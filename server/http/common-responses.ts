import { z } from 'zod';

/**
 * Answer shapes every module shares. Response schemas are strict objects: a field added to an answer
 * without its schema (or dropped from it) fails the tests that parse the answers. Pages of lists have
 * their schemas beside the paging code, in server/modules/paging.ts.
 */

/** An answer that is only a message to show, word for word. */
export const detailSchema = z.strictObject({ detail: z.string() }).meta({ id: 'Detail' });
export type Detail = z.output<typeof detailSchema>;
