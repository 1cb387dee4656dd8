import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MAX_VERIFICATIONS } from '../../../common/limits';
import { TAP_PROOF_MESSAGES } from '../../../common/messages/tap-proof';
import { VERIFY_PROOF } from '../../../common/messages/verification';
import { formatSerial } from '../../../common/serial-format';
import {
  type CountNote,
  countNoteOf,
  toneOf,
  type Verdict,
  type VerificationAnswer,
  verdictOf,
} from '../../../common/verify-verdict';
import { company } from '../../../content/company';
import type { VerificationResult } from '../../../server/modules/registry/responses';

export const FAILED_STATUS = 'Verification failed.';

/** The answer of GET /api/verify/ as the page keeps it: the body, and the HTTP status when there was one. */
export type CheckAnswer = Partial<VerificationResult> & VerificationAnswer;

/** A short word for the verdict, so that colour and icon are never the only sign of it. */
const LABELS: Record<Verdict, string> = {
  genuine: 'Verified',
  lost: 'Reported lost',
  known: 'Product information',
  limit: 'Warning',
  blocked: 'Blocked',
  unknown: 'Not verified',
  limited: 'Checks paused',
  failed: 'No answer',
};

/** Each verdict's sign, drawn in its tone's colour circle (a warning's in a triangle). */
const ICONS: Record<Verdict, ReactNode> = {
  genuine: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  lost: (
    <>
      <path d="M12 8v5" />
      <path d="M12 17h.01" strokeWidth={3.2} />
    </>
  ),
  known: (
    <>
      <path d="M12 11v6" />
      <path d="M12 7h.01" strokeWidth={3.2} />
    </>
  ),
  limit: (
    <>
      <path d="M12 8v5" />
      <path d="M12 17h.01" strokeWidth={3.2} />
    </>
  ),
  blocked: (
    <>
      <circle cx="12" cy="12" r="7" />
      <path d="M7 17L17 7" />
    </>
  ),
  unknown: (
    <>
      <path d="M9.2 9a3 3 0 0 1 5.6 1.3c0 2-2.8 2.4-2.8 4.2" />
      <path d="M12 18h.01" strokeWidth={3.2} />
    </>
  ),
  limited: (
    <>
      <circle cx="12" cy="12" r="7.5" />
      <path d="M12 8v4.3l2.8 1.8" />
    </>
  ),
  failed: (
    <>
      <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7" />
      <path d="M20 4v4.7h-4.7" />
      <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.3" />
      <path d="M4 20v-4.7h4.7" />
    </>
  ),
};

function Icon({ verdict }: { verdict: Verdict }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[verdict]}
    </svg>
  );
}

const contact = (
  <Link to="/contact" className="verification-link">
    contact us
  </Link>
);

/** The sentence beside the spec's status: what it means and what to do next. */
function nextStep(verdict: Verdict, answer: CheckAnswer): ReactNode {
  switch (verdict) {
    case 'genuine':
      if (answer.attempts === 0) {
        return (
          <>This serial number is registered with {company.name}, and no check of it has been counted yet.</>
        );
      }
      return answer.counted && answer.attempts === 1 ? (
        <>
          This serial number is registered with {company.name}, and this was its first check. Keep the number
          to yourself: a card's checks are counted up to {MAX_VERIFICATIONS}, one per visitor a day.
        </>
      ) : (
        <>
          This serial number is registered with {company.name}. A card's checks are counted up to{' '}
          {MAX_VERIFICATIONS}, one per visitor a day, so there is no need to check it again.
        </>
      );
    case 'lost':
      return (
        <>
          The serial number is registered with {company.name}: the card is one of ours, but it is not the
          holder's to keep or pass on.
        </>
      );
    case 'known':
      return (
        <>
          {answer.sku ? <strong>{answer.sku}</strong> : 'This'} is one of our products. Only the 12-character
          serial number printed on the back of a card shows that this card is genuine: enter it above.
        </>
      );
    case 'limit':
      return (
        <>
          This serial number has been checked more than {MAX_VERIFICATIONS} times (each visitor counts once a
          day), which can mean it was copied. If you bought this card, {contact} with the serial number and
          where you bought it.
        </>
      );
    case 'blocked':
      return (
        <>
          Do not rely on this card: we have blocked this serial number, so it cannot be verified or claimed.
          If you bought this card, {contact} with the serial number and where you bought it.
        </>
      );
    case 'unknown':
      return (
        <>
          We have no card with this code. Check it against the back of your card and try again (0 and O, 1 and
          I count the same). If it is still not found, the card may not be one of ours: {contact}.
        </>
      );
    case 'limited':
      return (
        <>
          To protect serial numbers from guessing, checks from your connection are paused for up to an hour
          after 5 codes that were not found. Meanwhile, compare the code with the back of your card.
        </>
      );
    case 'failed':
      return (
        <>
          The check did not get an answer. Check your connection and press Verify to try again; if it keeps
          failing, try again in a few minutes.
        </>
      );
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** x/5 as the spec shows it, with a five-step meter beside it for the eye. */
function Attempts({ count }: { count: number }) {
  const shown = Math.min(Math.max(count, 0), MAX_VERIFICATIONS);
  return (
    <dd className="verification-attempts">
      <span data-testid="attempts">
        {shown}/{MAX_VERIFICATIONS}
      </span>
      <span className="verification-meter" aria-hidden="true">
        {Array.from({ length: MAX_VERIFICATIONS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed steps
          <span key={i} className={i < shown ? 'is-on' : undefined} />
        ))}
      </span>
    </dd>
  );
}

const COUNT_NOTES: Record<Exclude<CountNote, 'counted'>, string> = {
  repeat: VERIFY_PROOF.alreadyCounted,
  foreign: VERIFY_PROOF.notCountedForeign,
};

/**
 * What a printed-serial check proved, no more: that the serial is in the registry. A printed serial can be
 * copied; only a secure chip's tap proves the card itself.
 */
function Proof() {
  return (
    <section className="verification-proof" aria-labelledby="verification-proof-title">
      <h3 id="verification-proof-title">{VERIFY_PROOF.heading}</h3>
      <p>
        <strong>{VERIFY_PROOF.serialExists}</strong> {VERIFY_PROOF.printedCanBeCopied}{' '}
        {VERIFY_PROOF.chipProvesItself(TAP_PROOF_MESSAGES.verifiedBadge)}
      </p>
    </section>
  );
}

/**
 * One verification result, as a card brand's authenticity page shows it: verdict, meaning, what it proves,
 * whether it counted, next step, facts. `askedNotToCount`: the page asked the server not to count this check.
 */
export function VerificationCard({
  answer,
  askedNotToCount = false,
}: {
  answer: CheckAnswer;
  askedNotToCount?: boolean;
}) {
  const verdict = verdictOf(answer);
  const countNote = countNoteOf(answer, askedNotToCount);
  const serial = answer.serial_number ? formatSerial(answer.serial_number) : undefined;
  // Attempts mean the card's checks for a serial, and this visitor's failed look-ups for an unknown code.
  const serialChecked = verdict === 'genuine' || verdict === 'lost' || verdict === 'limit';
  const attemptsLabel = serialChecked
    ? 'Checks of this card'
    : verdict === 'unknown' || verdict === 'limited'
      ? 'Codes not found this hour'
      : null;
  return (
    <article
      className="verification"
      data-verdict={verdict}
      data-tone={toneOf(verdict)}
      aria-labelledby="verification-title"
    >
      <div className="verification-head">
        <span className="verification-icon" data-icon={verdict}>
          <Icon verdict={verdict} />
        </span>
        <div>
          <p className="verification-label">{LABELS[verdict]}</p>
          <h2 id="verification-title" className="verification-title">
            {answer.status}
          </h2>
        </div>
      </div>
      <div className="verification-body">
        {/* First: whatever else the check says, a lost card is not the holder's. */}
        {answer.reported_lost && (
          <p className="verification-lost">
            <strong>Its owner reported this card lost.</strong> If you found it, please {contact}: we will get
            it back to them. If someone offers to sell or give it to you, it is not theirs to pass on.
          </p>
        )}
        <p className="verification-next">{nextStep(verdict, answer)}</p>
        {countNote && countNote !== 'counted' && (
          <p className="verification-count-note" data-count-note={countNote}>
            {COUNT_NOTES[countNote]}
          </p>
        )}
        {serialChecked && <Proof />}
        {(serial || answer.sku || attemptsLabel) && (
          <dl className="verification-facts">
            {serial && (
              <div>
                <dt>Serial number</dt>
                <dd className="verification-code">{serial}</dd>
              </div>
            )}
            {answer.sku && (
              <div>
                <dt>Product (SKU)</dt>
                <dd className="verification-code">{answer.sku}</dd>
              </div>
            )}
            {attemptsLabel && typeof answer.attempts === 'number' && (
              <div>
                <dt>{attemptsLabel}</dt>
                <Attempts count={answer.attempts} />
              </div>
            )}
            {answer.first_verified_at && verdict !== 'blocked' && (
              <div>
                <dt>First checked</dt>
                <dd>{`${dateFormat.format(new Date(answer.first_verified_at))}\u00a0UTC`}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </article>
  );
}
