import { SOCIAL_NETWORKS } from './social-networks.ts';

/** Links one card holds. */
export const MAX_LINKS = 30;
export const LINK_TITLE_MAX_LENGTH = 60;
export const LINK_URL_MAX_LENGTH = 500;

/** The icons a link can wear; a link without one shows a plain link glyph. */
export const LINK_ICONS = [
  'website',
  'booking',
  'portfolio',
  'shop',
  'email',
  'phone',
  'whatsapp',
  'telegram',
  'signal',
  ...SOCIAL_NETWORKS,
  'tiktok',
  'mastodon',
] as const;
export type LinkIcon = (typeof LINK_ICONS)[number];

/**
 * Only web, mail and phone links: a `javascript:` or `data:` link on a card would run in its visitors'
 * browsers, and other schemes open apps a visitor did not choose.
 */
export function isAllowedLinkUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname !== '';
  if (url.protocol === 'mailto:') {
    return /^[^@\s]+@[^@\s]+$/.test(decoded(url.pathname)) && onlyMessageFields(url.searchParams);
  }
  if (url.protocol === 'tel:')
    return /^\+?[\d\s().-]{3,30}$/.test(decoded(url.pathname)) && url.search === '';
  return false;
}

/**
 * A mail link may start the message (subject, body) but not add recipients: `?bcc=` would copy a visitor's
 * mail to someone they never see in the card.
 */
function onlyMessageFields(fields: URLSearchParams): boolean {
  return [...fields.keys()].every((name) => ['subject', 'body'].includes(name.toLowerCase()));
}

/** A broken escape (`%E0`) is no address: '' fails every pattern instead of throwing. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}
