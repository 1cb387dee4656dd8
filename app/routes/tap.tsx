import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { company } from '../../content/company';
import { loadTap } from '../lib/registry.server';
import type { Route } from './+types/tap';

export const meta: Route.MetaFunction = () => [
  { title: `Intro card | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadTap(context, params.serial);
}

/** An unclaimed card was tapped: invite its holder to make it theirs. */
export default function Tap({ loaderData }: Route.ComponentProps) {
  const claimPath = `/profile?claim=${loaderData.serial}#cards`;
  return (
    <section className="container section">
      <div className="success-card tap-card">
        <h1>This intro card is ready to set up</h1>
        <p>
          This {loaderData.cardName} (serial {loaderData.display}) is not linked to anyone yet. Claim it and
          every tap will open your digital business card.
        </p>
        <div className="form-actions">
          <Link className="button" to={claimPath}>
            Sign in and claim this card
          </Link>
        </div>
        <p className="muted">
          New here? The sign-in page also creates accounts. Not yours?{' '}
          <Link to={`/verify?code=${loaderData.serial}`}>Check that it is genuine</Link>.
        </p>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? ((error.data as { message?: string } | undefined)?.message ?? 'Card not found.')
    : 'Sorry, this card could not be looked up. Please try again.';
  return (
    <section className="container section">
      <title>{`${message} | ${company.name}`}</title>
      <p role="alert" className="page-status">
        {message}
      </p>
      <p>
        <Link to="/verify">Verify a product</Link> · <Link to="/">Home page</Link>
      </p>
    </section>
  );
}
