import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../../app/routes.ts';

export interface PageRoute {
  /** As in app/routes.ts: `services/:slug`, `''` for the home page. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
}

/** Every page route of app/routes.ts (layouts only through their children), so a new page is walked too. */
export function pageRoutes(entries: RouteConfigEntry[] = routes, parent = ''): PageRoute[] {
  return entries.flatMap((entry) => {
    const here = [parent, entry.path].filter(Boolean).join('/');
    const own = entry.path !== undefined || entry.index ? [{ path: here, file: entry.file }] : [];
    return [...own, ...pageRoutes(entry.children ?? [], here)];
  });
}
