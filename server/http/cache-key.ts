/** Parameters that ad and analytics links add; no page or API answer reads them. */
const MARKETING_PARAM = /^(?:utm_.*|gclid|fbclid|msclkid|ref)$/;

export function isMarketingParam(name: string): boolean {
  return MARKETING_PARAM.test(name);
}

/**
 * The URL that says what an answer depends on: `url` without marketing parameters. Caches key on it, so ad
 * links neither miss nor push real entries out.
 */
export function cacheKeyOf(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [name, value] of params) {
    if (isMarketingParam(name)) dropped = true;
    else kept.append(name, value);
  }
  if (!dropped) return url;
  const query = kept.toString();
  return query === '' ? url.slice(0, queryAt) : `${url.slice(0, queryAt)}?${query}`;
}
