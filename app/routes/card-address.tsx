import type { PageQuery } from '../../common/page-query';
import { VIA_PARAM } from '../../common/visit-source';
import { cardErrorView } from '../components/card-page/card-error';
import { ErrorPage, errorPageTitle } from '../components/ErrorPage';
import { loadCardAddress } from '../lib/profiles.server';
import type { Route } from './+types/card-address';

/** Where the visit came from goes on with it to the card page, which counts it. */
export const handle: PageQuery = { query: [VIA_PARAM] };

/** A printed or shared code that leads nowhere (mistyped, or its card is private): say what to do. */
const describeError = cardErrorView({
  failed: 'Sorry, this card could not be looked up. Please try again in a moment.',
  plainLinks: false,
});

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
