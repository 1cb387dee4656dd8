/**
 * Whether a verify request may count toward a serial's x/5 (issue 18: a verify count no stranger can burn).
 * A browser tells where a request comes from (Fetch Metadata); a check it makes on behalf of another site
 * (an image, a frame, a no-cors fetch, a navigation from a link or a script there) must not count, or any
 * web page could burn a card's count through its visitors. A request without the headers is an API client
 * (or a browser too old to send them), which counts — once per client per serial per day, like any other.
 */
interface RequestSignals {
  /** `Sec-Fetch-Site`. */
  site?: string;
  /** `Sec-Fetch-Dest`. */
  dest?: string;
  /** `Origin`. */
  origin?: string;
}

export function checkMayCount({ site, dest, origin }: RequestSignals, publicOrigin: string): boolean {
  // Sent by browsers on cross-origin requests and same-origin writes; present and not ours is another site.
  if (origin !== undefined && origin !== publicOrigin) return false;
  if (site === undefined || site === 'none') return true;
  // Same-origin, but only from a script of ours (fetch or XHR): an <img>, <link> or frame on one of our own
  // pages that points at the API (say, in user-written content) is not a check anyone asked for.
  return site === 'same-origin' && (dest === undefined || dest === 'empty');
}

/**
 * Whether the /verify page may count its automatic check of the code in its link: not when the page itself
 * was opened from another site (a link, a frame, a script's navigation there), whose redirects through our
 * own pages still say cross-site. Opened from our own pages, typed, bookmarked or scanned, it counts.
 */
export function pageMayCountOnLoad(site: string | null | undefined): boolean {
  return site === null || site === undefined || site === 'none' || site === 'same-origin';
}
