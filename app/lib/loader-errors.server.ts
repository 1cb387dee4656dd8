import type { z } from 'zod';
import { AppError, firstZodMessage } from '../../server/errors.ts';
import { pageError } from './route-error.ts';

/** Turns a business error into the HTTP answer a page loader throws (the route's ErrorBoundary shows it). */
export async function orResponse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw pageError(error.status, error.detail);
    throw error;
  }
}

/** A page's query string through the API's own schema; a bad one is a 400 page with the first message. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw pageError(400, firstZodMessage(parsed.error));
  }
  return parsed.data;
}
