import { type ReactNode, useId } from 'react';
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
  const hint = useId();
  return (
    <>
      {filters}
      <p className="admin-count" aria-live="polite">
        {count === 1 ? '1 match' : `${count.toLocaleString('en-US')} matches`}
      </p>
      {count === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <>
          <p id={hint} className="admin-table-hint">
            Scroll the table sideways to see every column.
          </p>
          {/* Named by the hint, shown where the table may scroll (Chromium lets a keyboard focus a scroller). */}
          <section className="admin-table-scroll" aria-labelledby={hint}>
            {children}
          </section>
        </>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
