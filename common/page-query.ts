/**
 * A route `handle` field naming the query parameters the page's server render reads (its loader, or what
 * it renders from the URL). The page cache keys a page on those alone (server/http/page-key.ts), and renders
 * it for that key, so `?utm_source=…` or `?x=1` neither misses nor pushes a real page out. A route that does
 * not say keeps every parameter but the marketing ones in its key. Public pages must say: the build is
 * checked (tests/e2e/page-keys.spec.ts).
 */
export interface PageQuery {
  query: readonly string[];
}

/** For a page whose render reads nothing of its query string. */
export const readsNoQuery: PageQuery = { query: [] };
