import { TOO_MANY_ATTEMPTS } from './messages/rate-limit.ts';
import { VERIFICATION_STATUS } from './messages/verification.ts';

/**
 * What a check says about the card, and so how its result looks:
 * - genuine: a registered serial within its 5 checks, whether checked for the first time or again;
 * - lost: a genuine serial whose owner reported the card lost (a warning: the card is not the holder's);
 * - known: a SKU, which names a product but proves nothing about one card (information, not a warning);
 * - limit: a genuine serial checked more than 5 times (a warning: it may have been copied);
 * - blocked: a serial the firm has blocked (bad: do not rely on the card);
 * - unknown: no card or product has this code (bad, often a typo);
 * - limited: this visitor has made too many failed look-ups (429);
 * - failed: no usable answer (the network, or a server error).
 */
export type Verdict = 'genuine' | 'lost' | 'known' | 'limit' | 'blocked' | 'unknown' | 'limited' | 'failed';

/** The fields of GET /api/verify/'s answer the verdict reads, and its HTTP status when there was one. */
export interface VerificationAnswer {
  valid?: boolean;
  status: string;
  serial_number?: string | null;
  reported_lost?: boolean;
  httpStatus?: number;
}

/** The one reading of a verification answer: the page, its icon and its colours follow it. */
export function verdictOf(answer: VerificationAnswer): Verdict {
  if (answer.httpStatus === 429 || answer.status === TOO_MANY_ATTEMPTS) return 'limited';
  if (answer.valid === true) {
    if (!answer.serial_number) return 'known';
    // Genuine, but not the holder's to keep: the page must not lead with the all-clear.
    return answer.reported_lost ? 'lost' : 'genuine';
  }
  if (answer.serial_number) return answer.status === VERIFICATION_STATUS.limit ? 'limit' : 'blocked';
  if (answer.httpStatus === 404) return 'unknown';
  return 'failed';
}

/**
 * What a verdict says about the card, the one three-way judgement (plus information that judges nothing):
 * genuine; a warning (it may have been copied); bad (do not rely on it); info (a product, or no answer).
 * The page's colour family, icon shape and label follow it; each verdict may shade it.
 */
type Tone = 'genuine' | 'warning' | 'bad' | 'info';

const TONES: Record<Verdict, Tone> = {
  genuine: 'genuine',
  lost: 'warning',
  limit: 'warning',
  blocked: 'bad',
  unknown: 'bad',
  known: 'info',
  limited: 'info',
  failed: 'info',
};

export function toneOf(verdict: Verdict): Tone {
  return TONES[verdict];
}

/**
 * Whether the check behind an answer counted toward the serial's x/5, as the page explains it: counted; not
 * counted because the page asked so (it was opened from another site); or a repeat this connection already
 * counted today (the only other reason a check from our own page does not count). Null when counting does
 * not apply (a SKU, an unknown code, a blocked serial, no answer).
 */
export type CountNote = 'counted' | 'repeat' | 'foreign';

export function countNoteOf(
  answer: VerificationAnswer & { counted?: boolean },
  askedNotToCount: boolean,
): CountNote | null {
  const verdict = verdictOf(answer);
  if (!['genuine', 'lost', 'limit'].includes(verdict) || answer.counted === undefined) return null;
  if (answer.counted) return 'counted';
  return askedNotToCount ? 'foreign' : 'repeat';
}
