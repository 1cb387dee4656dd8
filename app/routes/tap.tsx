import { useState } from 'react';
import { Link } from 'react-router';
import { CARD_REPORTED_LOST } from '../../common/messages/card-life';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { CARD_DEACTIVATED } from '../../common/messages/verification';
import { company } from '../../content/company';
import { TapProof } from '../components/card-page/TapProof';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { ClaimInPlace } from '../components/tap/ClaimInPlace';
import { loadTap } from '../lib/registry.server';
import type { RouteError } from '../lib/route-error';
import type { Route } from './+types/tap';

/** What a failed look-up says: the loader's own message (unknown, deactivated), else a general one. */
function describeError({ status, message }: RouteError): ErrorView {
  const home = (
    <Link to="/" className="button button-outline">
      Back to the home page
    </Link>
  );
  const verify = (
    <>
      <Link to="/verify" className="button">
        Verify a product
      </Link>
      {home}
    </>
  );
  if (status === 404)
    return {
      title: message ?? CARD_NOT_FOUND,
      advice:
        'The serial number in this link is not in our registry. Check the number printed on the card and enter it on the verify page.',
      actions: verify,
    };
  if (status === 410)
    return {
      title: message ?? CARD_DEACTIVATED,
      advice: 'If it is your card, contact us and we will help you set up a new one.',
      actions: (
        <>
          <Link to="/contact" className="button">
            Contact us
          </Link>
          {home}
        </>
      ),
    };
  return {
    title: SOMETHING_WENT_WRONG,
    advice: 'Sorry, this card could not be looked up. Please try again in a moment.',
    actions: verify,
  };
}

export const meta: Route.MetaFunction = ({ error, loaderData }) => [
  {
    title: error
      ? errorPageTitle(describeError, error)
      : `${loaderData?.kind === 'lost' ? CARD_REPORTED_LOST : 'Intro card'} | ${company.name}`,
  },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadTap(context, params.serial, new URL(request.url).searchParams);
}

/**
 * A card its owner locked as lost: a 200, because this is the page the finder is meant to see, not a
 * failure. It names no one: the firm's contact is the way back to the owner.
 */
function LostCard() {
  return (
    <section className="container section">
      <div className="success-card tap-card card-life-lost-card">
        <h1>{CARD_REPORTED_LOST}</h1>
        <p>
          Its owner has locked it, so it no longer opens their contact page. If you found it, thank you:
          please get in touch with us and we will make sure it gets back to them.
        </p>
        <ul className="card-life-lost-contact" aria-label={`How to reach ${company.name}`}>
          <li>
            <span className="muted">E-mail</span> <a href={`mailto:${company.email}`}>{company.email}</a>
          </li>
          <li>
            <span className="muted">Phone</span>{' '}
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
          </li>
        </ul>
        <div className="form-actions">
          <Link className="button" to="/contact">
            Contact us
          </Link>
        </div>
        <p className="muted">This card cannot be claimed while it is reported lost.</p>
      </div>
    </section>
  );
}

/** An unclaimed card was tapped: invite its holder to make it theirs; a lost one: help the finder. */
export default function Tap({ loaderData }: Route.ComponentProps) {
  const [claimed, setClaimed] = useState(false);
  if (loaderData.kind === 'lost') return <LostCard />;
  return (
    <section className="container section">
      <div className="success-card tap-card">
        <h1>{claimed ? 'This intro card is yours' : 'This intro card is ready to set up'}</h1>
        <TapProof view={loaderData.proof} />
        {claimed ? (
          <p>
            Your {loaderData.cardName} (serial {loaderData.display}) now opens your digital business card.
          </p>
        ) : loaderData.reserved ? (
          <p>
            This {loaderData.cardName} (serial {loaderData.display}) was printed for a team member and is
            waiting for them. If it is yours, sign in with the e-mail address we sent its link to, and claim
            it: every tap will then open your digital business card.
          </p>
        ) : (
          <p>
            This {loaderData.cardName} (serial {loaderData.display}) is not linked to anyone yet. Claim it and
            every tap will open your digital business card.
          </p>
        )}
        {/* A verified tap of a secure card carries the ticket its claim needs; a plain card is claimed by its serial. */}
        <ClaimInPlace
          serial={loaderData.serial}
          ticket={loaderData.claimTicket ?? ''}
          onClaimed={() => setClaimed(true)}
        />
        {!claimed && (
          <p className="muted">
            Not yours? <Link to={`/verify?code=${loaderData.serial}`}>Check that it is genuine</Link>.
          </p>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
