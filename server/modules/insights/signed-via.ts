import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Visit, viaOf, visitOf } from '../../../common/visit-source.ts';

/** The plain visit: what any `via` the server did not sign counts as. */
const LINK: Visit = { source: 'link', card: null };

const macOf = (secret: string, username: string, via: string) =>
  createHmac('sha256', secret)
    .update(`via\n${username.toLowerCase()}\n${via}`)
    .digest('base64url')
    .slice(0, 12);

/**
 * The `?via=` the server puts on a card page's address for a source it saw: a tap through `/c/{serial}` or
 * the owner's own QR code. `{via}.{HMAC}` keyed by the session secret over the page's owner, so a source
 * typed into a URL, or one signed for another card, counts as a plain link. (At most 29 characters: the
 * exchange form's field takes 40.)
 */
export function signVia(secret: string, username: string, visit: Visit): string {
  const via = viaOf(visit) ?? '';
  return via === '' ? '' : `${via}.${macOf(secret, username, via)}`;
}

/** The visit a `via` stands for on `username`'s card: its source when the server signed it, else a link. */
export function verifiedVisit(secret: string, username: string, signed: string | null | undefined): Visit {
  const dot = signed?.lastIndexOf('.') ?? -1;
  if (!signed || dot < 0) return LINK;
  const via = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(macOf(secret, username, via));
  return given.length === expected.length && timingSafeEqual(given, expected) ? visitOf(via) : LINK;
}
