import { BLOCK_REASON_CODES } from '../block-reasons.ts';
import type { SerialFlagKind, TapEventKind } from '../tap-proof.ts';

const serialNumbers = (n: number) => `${n} serial ${n === 1 ? 'number' : 'numbers'}`;

/** The admin console's words for flags, blocking with a reason and the bulk block by CSV. */
export const REGISTRY_SIGNAL_MESSAGES = {
  flagNotFound: 'This flag is not open on this serial any more.',
  flagCleared: 'Flag cleared.',
  chooseReason: 'Choose a reason.',
  noteTooLong: 'Keep the note under 200 characters.',
  chooseCsv: 'Choose a CSV file with the columns serial and reason.',
  nothingBlocked: 'Nothing was blocked: fix these rows and try again.',
  blocked: (n: number) => `Blocked ${serialNumbers(n)}.`,
  readyToBlock: (n: number) => `${serialNumbers(n)} ready to block: check the list, then confirm.`,
  blockButton: (n: number) => `Block ${serialNumbers(n)}`,
  tooManyRows: (max: number) => `The file is too large: block at most ${max} serial numbers at a time.`,
  knownReasons: `Reason codes: ${BLOCK_REASON_CODES.join(', ')}.`,
} as const;

/** A note given with a block (kept in the audit log). */
export const MAX_BLOCK_NOTE = 200;
/** Rows one bulk-block file may have: a recalled batch, not the whole registry at once. */
export const MAX_BLOCK_ROWS = 2000;

/** How the admin page and the firm's mail name each signal. */
export const FLAG_KIND_LABELS: Record<SerialFlagKind, string> = {
  replayed_counter: 'Replayed counter',
  forged_message: 'Forged chip message',
  distant_taps: 'Taps from distant networks',
  many_checkers: 'Many checkers of the printed serial',
};

/** A tap as the serial's admin page lists it. */
export const TAP_KIND_LABELS: Record<TapEventKind, string> = {
  fresh: 'Genuine tap',
  replayed: 'Replayed message',
  bad_mac: 'Bad MAC',
  unknown_uid: 'Unknown chip UID',
  malformed: 'Malformed message',
  static: 'Tap without a secure message',
};
