import { useState } from 'react';
import { Link } from 'react-router';
import { CARD_LIFE_MESSAGES } from '../../common/messages/card-life';
import { company } from '../../content/company';
import { AccountGate } from '../components/AccountGate';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, serverDetail } from '../lib/api';
import { formatDate } from '../lib/format';
import { loadTransfer } from '../lib/registry.server';
import type { RouteError } from '../lib/route-error';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/transfer';

const TITLE = 'A card offered to you';

function describeError({ status, message }: RouteError): ErrorView {
  const home = (
    <Link to="/" className="button button-outline">
      Back to the home page
    </Link>
  );
  if (status === 404)
    return {
      title: message ?? CARD_LIFE_MESSAGES.transferInvalid,
      advice:
        'The offer may have been accepted already, cancelled by the sender, or left for more than 7 days. Ask the sender to offer the card again.',
      actions: home,
    };
  return {
    title: SOMETHING_WENT_WRONG,
    advice: 'Sorry, this offer could not be looked up. Please try again in a moment.',
    actions: home,
  };
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(describeError, error) : `${TITLE} | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadTransfer(context, params.token);
}

type Outcome = { kind: 'ready' } | { kind: 'accepted' } | { kind: 'failed'; message: string };

/** The page of a transfer link: what is offered, and a button (never an action on load: mail scanners open links). */
export default function Transfer({ loaderData, params }: Route.ComponentProps) {
  const { offer, viewerEmail } = loaderData;
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'ready' });
  const { busy, run } = useWrite();
  const here = `/transfer/${params.token}`;

  async function accept() {
    // A second try clears the first one's failure while it runs.
    setOutcome({ kind: 'ready' });
    await run(() => api('/auth/cards/transfers/accept/', { method: 'POST', body: { token: params.token } }), {
      // The outcome is the page's own message, not a toast.
      failed: null,
      onDone: () => setOutcome({ kind: 'accepted' }),
      onFailed: (error) => {
        const message = serverDetail(error) ?? 'The card could not be accepted.';
        setOutcome({ kind: 'failed', message });
      },
    });
  }

  return (
    <>
      <PageHeader title={TITLE} />
      <section className="container section">
        <div className="auth-card card-life-transfer-offer">
          <p className="card-life-transfer-card-name">
            <strong>{offer.cardName}</strong> <span className="card-life-mono">{offer.display}</span>
          </p>
          <p>
            {offer.fromName || 'Its owner'} offers you this intro card. If you accept, it becomes yours: a tap
            on it opens your own profile instead of theirs. Nothing changes until you accept.
          </p>
          <p className="muted">
            Offered to <strong>{offer.toEmail}</strong> · open until {formatDate(offer.expiresAt)}
          </p>
          <div role="status" aria-live="polite" className="card-life-transfer-outcome">
            {outcome.kind === 'accepted' && (
              <p className="status-message success">The card is yours: a tap on it now opens your profile.</p>
            )}
            {outcome.kind === 'failed' && <p className="status-message failure">{outcome.message}</p>}
          </div>
          {outcome.kind === 'accepted' ? (
            <div className="form-actions">
              <Link className="button" to="/profile#cards">
                See my cards
              </Link>
            </div>
          ) : (
            <AccountGate
              viewerEmail={viewerEmail}
              forEmail={offer.toEmail}
              here={here}
              signInLabel="Sign in to accept"
              signInAdvice="Sign in with this address to accept. No account yet? The sign-in page creates one too; use the same address."
              wrongAccount={CARD_LIFE_MESSAGES.transferWrongAccount}
            >
              <div className="form-actions">
                <button type="button" className="button" onClick={accept} disabled={busy}>
                  {busy ? 'Accepting...' : 'Accept the card'}
                </button>
              </div>
            </AccountGate>
          )}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
