/**
 * The link if it is http(s), else undefined. The API accepts nothing else, and this keeps a
 * `javascript:` link from ever reaching an href should one be in the database anyway.
 */
export function httpLink(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
