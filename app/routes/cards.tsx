import { Link } from 'react-router';
import type { PageQuery } from '../../common/page-query';
import { CardTile } from '../components/cards/CardTile';
import { ErrorPage, type ErrorView } from '../components/ErrorPage';
import { Pager } from '../components/Pager';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { loadCatalogPage } from '../lib/catalog.server';
import { publicPageHeaders } from '../lib/http-cache';
import type { RouteError } from '../lib/route-error';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/cards';

/**
 * A light page (decision 034): tiles and paging are links, nothing React must run in the browser. The page
 * cache keys it on its page number alone (common/page-query.ts).
 */
export const handle = { ...LIGHT_PAGE, query: ['page'] } satisfies PageQuery;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Smart Cards${args.data && args.data.page > 1 ? ` (page ${args.data.page})` : ''}`,
    description: 'NFC intro cards in matte black, metal, bamboo, pearl and carbon designs.',
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get('page');
  return loadCatalogPage(context, page);
}

export default function Cards({ loaderData }: Route.ComponentProps) {
  const { results, page, pageCount, count } = loaderData;
  return (
    <>
      <PageHeader title="Smart Cards" />
      <section className="container section">
        <p className="cards-result-count">
          {count} {count === 1 ? 'card' : 'cards'}
        </p>
        {results.length === 0 ? (
          <p>No cards are available right now. Please check back soon.</p>
        ) : (
          <div className="cards-grid" data-testid="card-grid">
            {results.map((card, index) => (
              <CardTile key={card.id} card={card} eager={index < 4} />
            ))}
          </div>
        )}
        <Pager page={page} pageCount={pageCount} hrefFor={(n) => (n === 1 ? '/cards' : `/cards?page=${n}`)} />
      </section>
    </>
  );
}

/** A page number out of range (the loader's message), or the list could not be read: back to the first page. */
function describeError({ message }: RouteError): ErrorView {
  return {
    title: 'Smart Cards',
    advice: message ?? 'Failed to fetch cards',
    actions: (
      <Link to="/cards" className="button">
        Go to the first page
      </Link>
    ),
  };
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}

export const headers = publicPageHeaders;
