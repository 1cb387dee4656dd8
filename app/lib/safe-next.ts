export const DEFAULT_AFTER_LOGIN = '/profile';

/** Only a path on this site is followed after login (never `//evil`, `https://evil` or `/\evil`). */
export function safeNext(next: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  const base = 'http://same.invalid';
  const url = new URL(next, base);
  if (url.origin !== base) return fallback;
  // `/.//evil.example` normalises to `//evil.example`, which a browser reads as another site.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that returns to `next` afterwards (plain /login when there is nowhere to return to). */
export function loginPath(next?: string): string {
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
