import { AppError } from '../../errors.ts';
import { INVALID_PAGE } from '../catalog/schemas.ts';
import { ADMIN_PAGE_SIZE } from './schemas.ts';

export interface AdminPage<T> {
  count: number;
  page: number;
  page_count: number;
  page_size: number;
  results: T[];
}

export const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/**
 * One page of a table. The count is a query of its own, run beside the page's: a window count over
 * 100,000 rows would make the database read them all before the first row comes back.
 */
export async function adminPage<T>(
  page: number,
  rows: Promise<T[]>,
  count: Promise<number>,
): Promise<AdminPage<T>> {
  const [results, total] = await Promise.all([rows, count]);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (page > pageCount) throw new AppError('not_found', INVALID_PAGE);
  return { count: total, page, page_count: pageCount, page_size: ADMIN_PAGE_SIZE, results };
}
