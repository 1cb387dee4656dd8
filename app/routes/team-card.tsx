import { useState } from 'react';
import { Link } from 'react-router';
import { TEAM_CLAIM_MESSAGES } from '../../common/messages/team-claims';
import { company } from '../../content/company';
import { AccountGate } from '../components/AccountGate';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { PageHeader } from '../components/page-header/PageHeader';
import { api, serverDetail } from '../lib/api';
import { loadTeamCard } from '../lib/registry.server';
import type { RouteError } from '../lib/route-error';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/team-card';

const TITLE = 'Your intro card';

function describeError({ status, message }: RouteError): ErrorView {
  const home = (
    <Link to="/" className="button button-outline">
      Back to the home page
    </Link>
  );
  if (status === 404)
    return {
      title: message ?? TEAM_CLAIM_MESSAGES.invalid,
      advice:
        'Check that the whole link from the e-mail was opened. If your card has arrived, you can also tap it with your phone and claim it from there.',
      actions: home,
    };
  return {
    title: SOMETHING_WENT_WRONG,
    advice: 'Sorry, this card could not be looked up. Please try again in a moment.',
    actions: home,
  };
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(describeError, error) : `${TITLE} | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadTeamCard(context, params.token);
}

type Outcome = { kind: 'ready' } | { kind: 'claimed' } | { kind: 'failed'; message: string };

/**
 * The page of a Team Pack member's mailed link: the card printed for them, who ordered it, and a button to
 * claim it (never an action on load: mail scanners open links).
 */
export default function TeamCard({ loaderData, params }: Route.ComponentProps) {
  const { card, viewer } = loaderData;
  const [outcome, setOutcome] = useState<Outcome>(viewer?.owns ? { kind: 'claimed' } : { kind: 'ready' });
  const { busy, run } = useWrite();
  const here = `/team-card/${params.token}`;

  async function claim() {
    // A second try clears the first one's failure while it runs.
    setOutcome({ kind: 'ready' });
    await run(() => api('/auth/team-cards/accept/', { method: 'POST', body: { token: params.token } }), {
      // The outcome is the page's own message, not a toast.
      failed: null,
      onDone: () => setOutcome({ kind: 'claimed' }),
      onFailed: (error) => {
        const message = serverDetail(error) ?? 'The card could not be claimed.';
        setOutcome({ kind: 'failed', message });
      },
    });
  }

  return (
    <>
      <PageHeader title={TITLE} />
      <section className="container section">
        <div className="auth-card card-life-transfer-offer team-card-offer">
          <img
            className="team-pack-card-front"
            src={card.front}
            alt={`Front of your card${card.printedName ? `, printed for ${card.printedName}` : ''}`}
            width={428}
            height={270}
          />
          <p className="card-life-transfer-card-name">
            <strong>{card.cardName}</strong> <span className="card-life-mono">{card.display}</span>
          </p>
          <p>
            {card.buyerName || 'Your team'} ordered this card for you. Claim it and a tap on it opens your own
            page, with the details you choose to show.
          </p>
          <p className="muted">
            Printed for <strong>{card.email}</strong>
          </p>
          <div role="status" aria-live="polite" className="card-life-transfer-outcome">
            {outcome.kind === 'claimed' && (
              <p className="status-message success">
                The card is yours: once it is in your hands, a tap on it opens your page.
              </p>
            )}
            {outcome.kind === 'failed' && <p className="status-message failure">{outcome.message}</p>}
          </div>
          {outcome.kind === 'claimed' ? (
            <div className="form-actions">
              <Link className="button" to="/profile#cards">
                See my cards
              </Link>
            </div>
          ) : card.claimed ? (
            <p className="status-message failure">{TEAM_CLAIM_MESSAGES.invalid}</p>
          ) : (
            <AccountGate
              viewerEmail={viewer?.email ?? null}
              forEmail={card.email}
              here={here}
              signInLabel="Sign in to claim my card"
              signInAdvice="Sign in with this address to claim it. No account yet? The sign-in page creates one too; use the same address."
              wrongAccount={TEAM_CLAIM_MESSAGES.wrongAccount}
              register={
                card.hasAccount
                  ? undefined
                  : {
                      label: 'Create my account to claim it',
                      advice: `${card.email} has no account with ${company.name} yet: create one with this address, then claim your card here.`,
                    }
              }
            >
              <div className="form-actions">
                <button type="button" className="button" onClick={claim} disabled={busy}>
                  {busy ? 'Claiming...' : 'Claim my card'}
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
