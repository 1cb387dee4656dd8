import type { ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { company } from '../../content/company';
import { type RouteError, routeError } from '../lib/route-error';

/** What one route's error page says for an error: the heading (also the <title>), the advice and the ways on. */
export interface ErrorView {
  title: string;
  /** What happened and what to do, as one sentence or two. */
  advice: string;
  /** Links on: the first as the main button. */
  actions: ReactNode;
}

/** The heading of every error page that is not about a missing or forbidden thing. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

/** The <title> of a route's error page: its heading without the full stop, then the company. */
export function errorPageTitle(viewOf: (error: RouteError) => ErrorView, error: unknown): string {
  return `${viewOf(routeError(error)).title.replace(/\.$/, '')} | ${company.name}`;
}

/**
 * The site's error page, rendered by every route's ErrorBoundary, in the 404 page's style: the status, one
 * heading, a sentence saying what to do, and the ways on. The route says only what differs, through
 * `viewOf`; its `meta` gives the same heading as the <title> with `errorPageTitle`.
 */
export function ErrorPage({ viewOf }: { viewOf: (error: RouteError) => ErrorView }) {
  const error = routeError(useRouteError());
  const { title, advice, actions } = viewOf(error);
  return (
    <div className="container error-page">
      <p className="error-code">{error.status}</p>
      <h1>{title}</h1>
      <p role="alert">{advice}</p>
      <div className="error-actions">{actions}</div>
    </div>
  );
}
