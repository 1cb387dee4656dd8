import { z } from 'zod';
import { AppError } from '../errors.ts';

export const INVALID_PAGE = 'Invalid page.';
/** A search box's text over its 100 characters (the shop's and every admin table's). */
export const SEARCH_TOO_LONG = 'Search is at most 100 characters.';

/** `?page=` as a whole number from 1 (every paged list reads it the same way). */
export const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'Page must be a whole number from 1.')
  .transform(Number)
  .refine((page) => page >= 1, 'Page must be a whole number from 1.');

/**
 * A page of a list, in its three shapes: as services return it, as the public API answers it (links) and
 * as the admin API answers it (numbers). Each type is inferred from its schema, so the API document, the
 * tests that parse the answers and the code that builds them share one description.
 */

/** Rows matching in all, on every page. */
const total = z.number().int();

/** A page of a list as a service returns it; the routes choose how it is answered. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    count: total,
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    results: z.array(item),
  });
}
export type Page<T> = z.output<ReturnType<typeof pageSchema<z.ZodType<T>>>>;

/** The public API's paged answer (spec section 7): absolute links to the pages beside it, null at either end. */
export function linkedPageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    count: total,
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
type LinkedPage<T> = z.output<ReturnType<typeof linkedPageSchema<z.ZodType<T>>>>;

/** The admin API's paged answer: numbered pages, for tables that show "Page 2 of 7". */
export function numberedPageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    count: total,
    page: z.number().int(),
    page_count: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}
type NumberedPage<T> = z.output<ReturnType<typeof numberedPageSchema<z.ZodType<T>>>>;

/** The rows before `page` when a page holds `pageSize` rows. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/**
 * One page of a table. The count is a query of its own, run beside the page's: a window count over
 * 100,000 rows would make the database read them all before the first row comes back.
 */
export async function pageOf<T>(
  page: number,
  pageSize: number,
  rows: Promise<T[]>,
  count: Promise<number>,
): Promise<Page<T>> {
  const [results, found] = await Promise.all([rows, count]);
  return pageFrom(page, pageSize, results, found);
}

/** The page of `count` rows in all that holds `results`; a page past the end is "Invalid page.". */
export function pageFrom<T>(page: number, pageSize: number, results: T[], count: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  if (page > pageCount) throw new AppError('not_found', INVALID_PAGE);
  return { count, page, pageCount, pageSize, results };
}

/** The public answer of a page; the catalogue's and the customer's order pages do not say their size. */
export function linkedPage<T>(page: Page<T>, pageUrl: (page: number) => string): LinkedPage<T> {
  return {
    count: page.count,
    next: page.page < page.pageCount ? pageUrl(page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(page.page - 1) : null,
    results: page.results,
  };
}

export function numberedPage<T>(page: Page<T>): NumberedPage<T> {
  return {
    count: page.count,
    page: page.page,
    page_count: page.pageCount,
    page_size: page.pageSize,
    results: page.results,
  };
}
