import { CHECKER_WINDOW_DAYS, DISTANT_TAP_WINDOW_MINUTES, MAX_DISTINCT_CHECKERS } from './thresholds.ts';

/** "2026-11-24 10:02 UTC": the flags' times, the same in the admin page, the mail and the database. */
export function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function times(n: number): string {
  return n === 1 ? 'once' : `${n} times`;
}

function listed(values: readonly (number | string)[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

/** Counters shown in a reason: the first few, then how many more. */
const COUNTERS_SHOWN = 5;

export function replayedReason(counters: readonly number[], occurrences: number, last: Date): string {
  const shown = counters.slice(0, COUNTERS_SHOWN);
  const more = counters.length - shown.length;
  const which =
    counters.length === 0
      ? 'A counter'
      : `${counters.length === 1 ? 'Counter' : 'Counters'} ${listed(shown)}${more > 0 ? ` and ${more} more` : ''}`;
  return `${which} replayed ${times(occurrences)}, last ${utcMinute(last)}`;
}

const FORGED_KIND_LABELS: Record<string, string> = {
  bad_mac: 'bad MAC',
  unknown_uid: 'unknown chip UID',
  malformed: 'malformed message',
};

export function forgedReason(
  byKind: Readonly<Record<string, number>>,
  occurrences: number,
  last: Date,
): string {
  const parts = Object.entries(byKind)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${FORGED_KIND_LABELS[kind] ?? kind}`);
  const noun = occurrences === 1 ? 'tap' : 'taps';
  return `${occurrences} ${noun} with a forged or copied chip message${parts.length ? ` (${parts.join(', ')})` : ''}, last ${utcMinute(last)}`;
}

export function distantReason(networks: number, occurrences: number, last: Date): string {
  const noun = occurrences === 1 ? 'tap' : 'taps';
  return `Tapped from ${networks} different networks within ${DISTANT_TAP_WINDOW_MINUTES} minutes (${occurrences} such ${noun}), last ${utcMinute(last)}`;
}

export function checkersReason(clients: number, last: Date): string {
  return `Printed serial checked by ${clients} different clients within ${CHECKER_WINDOW_DAYS} days (more than ${MAX_DISTINCT_CHECKERS} is unusual), last ${utcMinute(last)}`;
}
