/** What of a route match the page kinds read: its `handle` (React Router's UIMatch has it). */
type HandleOf = { handle?: unknown };

/**
 * A route's `handle` that asks for the bare document: no site header, footer, toaster, app stylesheet or
 * React on the client, only the page's own stylesheet inlined in <head> (no request blocks its first
 * paint). The card page uses it: it is the owner's page, not the firm's, and must stay tiny.
 */
export interface BarePage {
  bare: true;
  /** The page's whole stylesheet. */
  style: string;
}

export function barePageOf(matches: readonly HandleOf[]): BarePage | undefined {
  for (const match of matches) {
    const handle = match.handle as Partial<BarePage> | undefined;
    if (handle?.bare === true && typeof handle.style === 'string') return handle as BarePage;
  }
  return undefined;
}

/**
 * A route's `handle` that asks for a light page: the full site chrome (header, footer, app stylesheet)
 * rendered on the server, no React on the client, and the site script (app/site-script) for what in the
 * chrome needs a browser. The marketing pages use it (decision 034): they hold nothing React must run.
 */
interface LightPage {
  light: true;
}

export const LIGHT_PAGE: LightPage = { light: true };

export function isLightPage(matches: readonly HandleOf[]): boolean {
  return matches.some((match) => (match.handle as Partial<LightPage> | undefined)?.light === true);
}

/** Whether React runs in the browser on this page: neither a bare page nor a light one. */
export function hydrates(matches: readonly HandleOf[]): boolean {
  return barePageOf(matches) === undefined && !isLightPage(matches);
}

/**
 * A route's `handle` that brings its own frame (header, navigation and `<main>`) in place of the site's
 * header and footer: the admin console. Only once its loader answered: a visitor it refuses sees the
 * site's error page in the site's chrome.
 */
interface OwnFrame {
  ownFrame: true;
}

export const OWN_FRAME: OwnFrame = { ownFrame: true };

export function hasOwnFrame(matches: readonly (HandleOf & { data?: unknown })[]): boolean {
  return matches.some(
    (match) => (match.handle as Partial<OwnFrame> | undefined)?.ownFrame === true && match.data !== undefined,
  );
}
