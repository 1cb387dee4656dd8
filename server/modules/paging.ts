import { AppError } from '../errors.ts';
import { INVALID_PAGE } from './catalog/schemas.ts';

/** One page of a list, as services return it; the routes choose how it is answered. */
export interface Page<T> {
  /** Rows matching in all, on every page. */
  count: number;
  page: number;
  pageCount: number;
  pageSize: number;
  results: T[];
}

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
  const [results, total] = await Promise.all([rows, count]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) throw new AppError('not_found', INVALID_PAGE);
  return { count: total, page, pageCount, pageSize, results };
}

/** The public API's paged answer (spec section 7): absolute links to the neighbouring pages. */
export interface LinkedPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The public answer of a page; the catalogue's and the customer's order pages do not say their size. */
export function linkedPage<T>(
  page: Omit<Page<T>, 'pageSize'>,
  pageUrl: (page: number) => string,
): LinkedPage<T> {
  return {
    count: page.count,
    next: page.page < page.pageCount ? pageUrl(page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(page.page - 1) : null,
    results: page.results,
  };
}

/** The admin API's paged answer: numbered pages, for tables that show "Page 2 of 7". */
export interface NumberedPage<T> {
  count: number;
  page: number;
  page_count: number;
  page_size: number;
  results: T[];
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
