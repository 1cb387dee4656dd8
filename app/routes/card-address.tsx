import { Link } from 'react-router';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import type { PageQuery } from '../../common/page-query';
import { VIA_PARAM } from '../../common/visit-source';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { loadCardAddress } from '../lib/profiles.server';
import type { RouteError } from '../lib/route-error';
import type { Route } from './+types/card-address';

/** Where the visit came from goes on with it to the card page, which counts it. */
export const handle: PageQuery = { query: [VIA_PARAM] };

/** A printed or shared code that leads nowhere (mistyped, or its card is private): say what to do. */
function describeError({ status }: RouteError): ErrorView {
  return {
    title: status === 404 ? USER_NOT_FOUND : SOMETHING_WENT_WRONG,
    advice:
      status === 404
        ? 'No intro card lives at this address. Check the link or code you were given, or ask its owner to share their card again.'
        : 'Sorry, this card could not be looked up. Please try again in a moment.',
    actions: (
      <>
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to="/d" className="button button-outline" reloadDocument>
          Get your own intro card
        </Link>
      </>
    ),
  };
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: errorPageTitle(describeError, error) },
  { name: 'robots', content: 'noindex' },
];

/** `/p/{code}`, the permanent address on a person's printed cards: on to their card page as it is named now. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadCardAddress(context, params.code, request);
}

export default function CardAddress() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
