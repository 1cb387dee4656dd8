import type { ReactNode } from 'react';
import { Pager } from '../Pager';
import { usePageHref } from './page-href';

/** A table page's frame: its filters, how many rows matched, the table (or an empty message) and paging. */
export function AdminTablePage({
  filters,
  count,
  page,
  pageCount,
  empty,
  children,
}: {
  filters?: ReactNode;
  count: number;
  page: number;
  pageCount: number;
  empty: string;
  children: ReactNode;
}) {
  const hrefFor = usePageHref();
  return (
    <>
      {filters}
      <p className="admin-count" aria-live="polite">
        {count === 1 ? '1 match' : `${count.toLocaleString('en-US')} matches`}
      </p>
      {count === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <div className="admin-table-scroll">{children}</div>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
