import type { ApiAnswer, ApiMethod, ApiPath } from './api-routes';

/** The error body every API answer uses: `{ detail, code, errors }`. */
export interface ApiErrorBody {
  detail?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.detail ?? `Request failed (${status})`);
  }
}

/**
 * Calls the site's own API with the session cookie; a non-2xx answer throws ApiError.
 *
 * The answer's type comes from the route map (`api-routes.ts`): the response type inferred from the route's
 * schema (`server/modules/<domain>/responses.ts`, imported with `import type`, so zod stays out of the
 * browser), found by the method and path, so a path or method not in the map is a type error. The server
 * builds each answer to that schema, the API document shows it, and `server/http/responses.test.ts` parses
 * the answers with it: the browser trusts the type instead of parsing every answer again.
 */
export async function api<Method extends ApiMethod = 'GET', Path extends ApiPath<Method> = ApiPath<Method>>(
  path: Path,
  options: { method?: Method; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<Method, Path>> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: hasBody ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, data as ApiErrorBody | undefined);
  return data as ApiAnswer<Method, Path>;
}

/** The field errors of a failed call, for showing beside the inputs. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? (error.body?.errors ?? {}) : {};
}

/**
 * What to tell the user when a call failed: the screen's own message from the spec, except when the
 * server says to slow down (429), whose message explains what to do.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429 && error.body?.detail) return error.body.detail;
  return fallback;
}
