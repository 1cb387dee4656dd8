import { z } from 'zod';
import { pageNumber, SEARCH_TOO_LONG } from '../paging.ts';

/** Rows on one page of every admin table. */
export const ADMIN_PAGE_SIZE = 25;

/** A free-text filter: trimmed, empty means "no filter". */
export const search = z
  .string()
  .trim()
  .max(100, SEARCH_TOO_LONG)
  .optional()
  .transform((value) => value || undefined);

/** A table with a search box and nothing else to filter by. */
export const pageQuery = z.object({ page: pageNumber.default(1), search });
