const DEFAULT_AFTER_LOGIN = '/profile';

/** A stand-in origin: only whether `next` stays on it matters, never which site it is. */
const SITE = 'http://same.invalid';

/**
 * Visible ASCII only. A real `next` comes from loginPath(), already percent-encoded, so a tab, newline,
 * space or U+2028 is a trick: browsers drop some of them while parsing a URL.
 */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * A slash, backslash or control character hidden by percent-encoding, once or more (`%2F`, `%252F`,
 * `%5c`, `%09`): a proxy or a second decoding turns `/%2F%2Fevil` into `//evil`.
 */
const ENCODED_TRICK = /%(?:25)*(?:2f|5c|[01][0-9a-f]|7f)/i;

/**
 * Where to go after login: a path on this site, normalised (`/./checkout` is `/checkout`), or `fallback`.
 * Never another site, however it is spelt (`//evil`, `/\evil`, `/.//evil`, `/%2F%2Fevil`, `https://evil`).
 */
export function safeNext(next: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!next || !VISIBLE_ASCII.test(next) || !next.startsWith('/') || next.startsWith('//')) return fallback;
  if (next.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  // `/.//evil.example` and `/%2e%2e//evil.example` resolve to `//evil.example`, another site to a browser.
  if (url.pathname.startsWith('//') || ENCODED_TRICK.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that returns to `next` afterwards (plain /login when there is nowhere to return to). */
export function loginPath(next?: string): string {
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
