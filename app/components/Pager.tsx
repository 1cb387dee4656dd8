import { SiteLink } from './SiteLink';

/** Previous / Next paging; shown only when there is more than one page, disabled at the ends. */
export function Pager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav className="pager" aria-label="Pages">
      {previous ? (
        <SiteLink className="button button-outline" to={hrefFor(previous)} rel="prev">
          Previous
        </SiteLink>
      ) : (
        <button type="button" className="button button-outline" disabled>
          Previous
        </button>
      )}
      <span className="pager-status" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      {next ? (
        <SiteLink className="button button-outline" to={hrefFor(next)} rel="next">
          Next
        </SiteLink>
      ) : (
        <button type="button" className="button button-outline" disabled>
          Next
        </button>
      )}
    </nav>
  );
}
