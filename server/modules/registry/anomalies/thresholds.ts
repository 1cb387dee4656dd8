import { MAX_VERIFICATIONS } from '../../../../common/limits.ts';

/**
 * Taps of one serial from this many distinct networks (IPv4 /16, IPv6 /32) within DISTANT_TAP_WINDOW_MINUTES
 * raise `distant_taps`. Not 2: a phone on Wi-Fi and the person beside it on mobile data are two networks
 * seconds apart, and so is one phone leaving the office Wi-Fi. Three networks within minutes means the
 * card's URL (or a copy of the chip) is in several places at once.
 */
export const DISTANT_TAP_NETWORKS = 3;
export const DISTANT_TAP_WINDOW_MINUTES = 10;

/**
 * Printed-serial checks of one serial from more distinct clients than MAX_VERIFICATIONS within this many
 * days raise `many_checkers`: a genuine card is checked by a handful of people; its serial printed on many
 * fakes is checked by many.
 */
export const CHECKER_WINDOW_DAYS = 30;
export const MAX_DISTINCT_CHECKERS = MAX_VERIFICATIONS;

/** Tap events are the evidence for the flags; older ones go (the flags keep their figures). */
export const TAP_EVENT_RETENTION_DAYS = 90;

/**
 * The sweep reads events up to this long before it runs, so a tap whose insert has begun but not yet
 * committed (its created_at is its transaction's start) is read by the next sweep instead of skipped.
 */
export const SWEEP_GRACE_MS = 60 * 1000;
