import { Link } from 'react-router';
import { company } from '../../content/company';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { redirectToOwnProof } from '../lib/proofs.server';
import type { RouteError } from '../lib/route-error';
import type { Route } from './+types/own-proof';

/** No proof to review (none sent yet, or not the user's order): said on a page, with the way back to the orders. */
function describeError({ status, message }: RouteError): ErrorView {
  const orders = (
    <Link to="/profile#orders" className="button button-outline">
      Back to my orders
    </Link>
  );
  if (status === 404)
    return {
      title: message ?? SOMETHING_WENT_WRONG,
      advice: 'We e-mail you the proof as soon as it is ready, and it shows under My orders on your profile.',
      actions: orders,
    };
  return {
    title: SOMETHING_WENT_WRONG,
    advice: 'Sorry, the proof could not be opened. Please try again in a moment.',
    actions: orders,
  };
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(describeError, error) : `Proof | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

/** "Review proof" on /profile: on to the proof page through a fresh link (the signed-in owner only). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return redirectToOwnProof(request, context, params.id);
}

/** Never shown: the loader always sends the owner on to the proof or answers with an error page. */
export default function OwnProof() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
