import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PageQuery } from '../../common/page-query.ts';
import { cacheKeyOf, isMarketingParam } from './cache-key.ts';

/** What a route's handle says of its query: the names it reads, or undefined when it does not say. */
function declaredQuery(handle: unknown): ReadonlySet<string> | undefined {
  const query = (handle as Partial<PageQuery> | undefined)?.query;
  return Array.isArray(query) ? new Set(query) : undefined;
}

type Routes = ServerBuild['routes'];

/** React Router's flat manifest as the nested tree `matchRoutes` walks, each route's handle its query. */
function routeTree(routes: Routes, parentId: string | undefined): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.parentId !== parentId) continue;
    const base = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      handle: declaredQuery(route.module.handle),
    };
    children.push(
      route.index ? { ...base, index: true } : { ...base, children: routeTree(routes, route.id) },
    );
  }
  return children;
}

/** Paths remembered with the parameters their page reads; an odd stream of paths only refills it. */
const REMEMBERED_PATHS = 1000;

/**
 * The page cache's key for a URL: the path with only the query parameters its page reads, sorted, so that
 * `?x=1`, `?utm_source=…` and a shuffled query share the page's one entry. The leaf route decides (a page
 * reads what its layouts read only if it says so); a route that does not say keeps every parameter but the
 * marketing ones, as does a path no route matches.
 */
export function pageKeys(routes: Routes): (url: string) => string {
  const tree = routeTree(routes, undefined);
  const readsOf = new Map<string, ReadonlySet<string> | undefined>();
  const queryRead = (pathname: string) => {
    if (readsOf.has(pathname)) return readsOf.get(pathname);
    const reads: ReadonlySet<string> | undefined = matchRoutes(tree, pathname)?.at(-1)?.route.handle;
    if (readsOf.size >= REMEMBERED_PATHS) readsOf.clear();
    readsOf.set(pathname, reads);
    return reads;
  };
  return (url) => {
    const queryAt = url.indexOf('?');
    if (queryAt === -1) return url;
    const pathname = url.slice(0, queryAt);
    // React Router's data requests (`/cards/x.data?_routes=…`) name the routes they want in their query.
    const reads = pathname.endsWith('.data') ? undefined : queryRead(pathname);
    if (!reads) return cacheKeyOf(url);
    const kept = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
      if (reads.has(name) && !isMarketingParam(name)) kept.append(name, value);
    }
    kept.sort();
    const query = kept.toString();
    return query === '' ? pathname : `${pathname}?${query}`;
  };
}
