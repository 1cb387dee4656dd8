import { TAP_PROOF_MESSAGES, type TapProofView } from '../../../common/messages/tap-proof';

/** A shield with a check: drawn here, like the card's other glyphs (24×24, stroked). */
const SHIELD = 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3zM9 12l2 2 4-4';

/**
 * What the tap that opened this page proved: a badge for a secure chip's fresh tap, one calm sentence for a
 * message that proved nothing (a link opened before, or not from the chip), nothing for a plain card's link.
 * Shown only from a proof the server signed for this visit, never cached.
 */
export function TapProof({ view }: { view: TapProofView }) {
  if (view === 'verified') {
    return (
      <div className="tap-proof tap-proof-verified">
        <p className="tap-proof-badge">
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={SHIELD} />
          </svg>
          {TAP_PROOF_MESSAGES.verifiedBadge}
        </p>
        <p className="tap-proof-detail">{TAP_PROOF_MESSAGES.verifiedDetail}</p>
      </div>
    );
  }
  // A plain link proves nothing and claims nothing: a visitor sees no mark (the owner's note is below).
  if (view === 'static') return null;
  return <p className="tap-proof tap-proof-note">{TAP_PROOF_MESSAGES[view]}</p>;
}

/**
 * For the card's owner only, on a tap of a plain card's link: that such a visit proves no tap. Hidden in the
 * HTML every visitor shares; the card page's script shows it to the owner, as it shows the Edit bar.
 */
export function StaticTapNote({ shown }: { shown: boolean }) {
  return (
    <p id="tap-proof-owner" className="tap-proof tap-proof-static" hidden={!shown}>
      {TAP_PROOF_MESSAGES.staticForOwner}
    </p>
  );
}
