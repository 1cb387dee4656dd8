import { formatSerial } from './serial-format.ts';
/**
 * Where a visit to a card page came from. A tap on a card (which card: its compact serial), a scan of the
 * owner's QR code, or anything else (a shared link, a saved contact, typed in). The page's URL carries it as
 * `?via=`; the page itself is the same for every source, so caches ignore the parameter.
 */
export const VISIT_SOURCES = ['tap', 'qr', 'link'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** The query parameter that names a visit's source. */
export const VIA_PARAM = 'via';

export interface Visit {
  source: VisitSource;
  /** The tapped card's compact serial (as stored in the registry); only for taps. */
  card: string | null;
}

const TAP_PREFIX = 'tap-';
/** A compact serial: 12 Crockford base32 characters (server/modules/registry/serials/serial-code.ts). */
const COMPACT_SERIAL = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** The `via` value for a visit: `tap-{serial}`, `qr`, or nothing for a plain link. */
export function viaOf(visit: Visit): string | null {
  if (visit.source === 'tap') return visit.card ? `${TAP_PREFIX}${visit.card}` : 'tap';
  return visit.source === 'qr' ? 'qr' : null;
}

/** Reads a `via` value; anything unknown is a plain link, never an error (it comes from any URL). */
export function visitOf(via: string | null | undefined): Visit {
  if (!via) return { source: 'link', card: null };
  if (via === 'qr') return { source: 'qr', card: null };
  if (via === 'tap') return { source: 'tap', card: null };
  if (via.startsWith(TAP_PREFIX)) {
    const card = via.slice(TAP_PREFIX.length).toUpperCase();
    return { source: 'tap', card: COMPACT_SERIAL.test(card) ? card : null };
  }
  return { source: 'link', card: null };
}

/** How a source reads in the owner's contacts and insights: "Tap of card ECD1-DD82-9NKP", "QR code", "Link". */
export function describeVisit(visit: Visit): string {
  if (visit.source === 'qr') return 'QR code';
  if (visit.source === 'link') return 'Shared link';
  if (!visit.card) return 'Card tap';
  return `Tap of card ${formatSerial(visit.card)}`;
}
