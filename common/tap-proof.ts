/**
 * What a tap proved about the card, the one reading shared by the server (which decides it) and the pages
 * (which show it): the chip's secure message was genuine and new; the card has a secure chip but this
 * message did not prove it (copied, replayed, forged or read by another key); or the card has no secure chip
 * (a printed serial and a fixed link: it exists in the registry, nothing more).
 */
export type TapProof = 'verified' | 'unproven' | 'static';

/** The card page's query parameter carrying what a tap proved, signed by the tap's redirect. */
export const TAP_PROOF_PARAM = 'proof';

/** Why a secure-chip message did not prove the card, for the registry's records and the page's explanation. */
export type TapRejection = 'replayed' | 'bad_mac' | 'unknown_uid' | 'malformed' | 'missing';

/** Every tap event the registry records. */
export const TAP_EVENT_KINDS = [
  'fresh',
  'replayed',
  'bad_mac',
  'unknown_uid',
  'malformed',
  'static',
] as const;
export type TapEventKind = (typeof TAP_EVENT_KINDS)[number];

/** The signals the registry raises on a serial for the firm. */
export const SERIAL_FLAG_KINDS = [
  'replayed_counter',
  'forged_message',
  'distant_taps',
  'many_checkers',
] as const;
export type SerialFlagKind = (typeof SERIAL_FLAG_KINDS)[number];
