import { data, isRouteErrorResponse } from 'react-router';

/** A route error as its page shows it: the HTTP status, and the loader's message when it gave one. */
export interface RouteError {
  status: number;
  message: string | undefined;
}

/**
 * The error page a loader (or action) throws: `throw pageError(404, 'Card not found.')`. The route's
 * ErrorBoundary reads it back with `routeError`.
 */
export function pageError(status: number, message: string) {
  return data({ message }, { status });
}

function hasMessage(value: unknown): value is { message: string } {
  return (
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
  );
}

/** What a boundary was given: a thrown page error's status and message, anything else a 500 without one. */
export function routeError(error: unknown): RouteError {
  if (!isRouteErrorResponse(error)) return { status: 500, message: undefined };
  return { status: error.status, message: hasMessage(error.data) ? error.data.message : undefined };
}
