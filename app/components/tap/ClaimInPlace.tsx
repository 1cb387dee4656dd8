import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrors, serverDetail } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useClaimCard } from '../../lib/claim-card';

/**
 * The tapped, unclaimed card's call to action. Signed out (and in the HTML every visitor shares): sign in,
 * then claim on /profile. Signed in: claim it here, with /profile's call and words, and the page says the
 * card is now theirs; a refusal (reserved for someone else, lost, blocked) is said beside the button.
 */
export function ClaimInPlace({
  serial,
  ticket,
  onClaimed,
}: {
  serial: string;
  ticket: string;
  onClaimed(): void;
}) {
  const { user } = useAuth();
  const { busy, claim } = useClaimCard();
  const [error, setError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);

  // Where the user is looking: the sentence that replaced the button.
  useEffect(() => {
    if (claimed) done.current?.focus();
  }, [claimed]);

  if (claimed && user) {
    return (
      <div className="tap-claimed">
        <p ref={done} className="tap-claimed-note" tabIndex={-1} role="status">
          This card is yours now: a tap opens your profile.
        </p>
        <div className="form-actions">
          <Link className="button" to={`/profile/${user.username}`}>
            Open my card page
          </Link>
          <Link className="button button-outline" to="/profile#cards">
            My cards
          </Link>
        </div>
      </div>
    );
  }

  if (!user) {
    const claimPath = `/profile?claim=${serial}${ticket ? `&tap=${encodeURIComponent(ticket)}` : ''}#cards`;
    return (
      <>
        <div className="form-actions">
          <Link className="button" to={claimPath}>
            Sign in and claim this card
          </Link>
        </div>
        <p className="muted">New here? The sign-in page also creates accounts.</p>
      </>
    );
  }

  async function claimHere() {
    setError(null);
    await claim(serial, ticket, {
      onDone: () => {
        setClaimed(true);
        onClaimed();
      },
      onFailed: (failure) =>
        setError(fieldErrors(failure).serial?.join(' ') ?? serverDetail(failure) ?? null),
    });
  }

  return (
    <>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={claimHere}
          disabled={busy}
          aria-describedby={error ? 'tap-claim-error' : undefined}
        >
          {busy ? 'Claiming...' : 'Claim this card'}
        </button>
      </div>
      {error && (
        <p id="tap-claim-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted">Signed in as {user.email}: the card will open your profile.</p>
    </>
  );
}
