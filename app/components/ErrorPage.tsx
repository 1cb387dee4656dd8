import type { ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';

/** The HTTP status a route error stands for: a thrown response's, otherwise 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The message a loader threw with `data({ message }, …)`, when it gave one. */
export function errorMessage(error: unknown): string | undefined {
  return isRouteErrorResponse(error) && typeof error.data?.message === 'string'
    ? error.data.message
    : undefined;
}

/**
 * The site's error page, in the 404 page's style: the status, one heading, a sentence saying what to do,
 * and the ways on. Its <title> comes from the route's `meta` (which is given the error), never from here.
 */
export function ErrorPage({
  status,
  title,
  children,
  actions,
}: {
  status: number;
  title: string;
  /** What happened and what to do, as one or two paragraphs. */
  children: ReactNode;
  /** Links on: the first as the main button. */
  actions: ReactNode;
}) {
  return (
    <div className="container error-page">
      <p className="error-code">{status}</p>
      <h1>{title}</h1>
      {children}
      <div className="error-actions">{actions}</div>
    </div>
  );
}
