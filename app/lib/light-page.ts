import { useMatches } from 'react-router';
import { isLightPage } from './bare-page';

/**
 * Whether this render is a light page's (see bare-page.ts): only ever on the server. A light page is never
 * hydrated, so React in the browser renders a page the usual way, even a light route reached by a client
 * navigation from a hydrated page.
 */
export function useLightPage(): boolean {
  const matches = useMatches();
  return import.meta.env.SSR && isLightPage(matches);
}
