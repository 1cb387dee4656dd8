import type { ApiAnswer, ApiFilePath, ApiMethod, ApiPath } from './api-routes';

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
  options: ApiOptions<Method> = {},
): Promise<ApiAnswer<Method, Path>> {
  const response = await send(path, options);
  return (await response.json().catch(() => undefined)) as ApiAnswer<Method, Path>;
}

/**
 * A call whose answer is a file rather than JSON (the admin's batch of serials as CSV): its text, read
 * whole, and the file name from its content-disposition. A failure throws ApiError as api() does.
 */
export async function download<Method extends ApiMethod>(
  path: ApiFilePath<Method>,
  options: ApiOptions<Method>,
): Promise<{ text: string; filename: string | undefined }> {
  const response = await send(path, options);
  const text = await response.text();
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { text, filename };
}

interface ApiOptions<Method extends ApiMethod> {
  method?: Method;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The request both share: the session cookie, a JSON body; a failure (or no answer) throws ApiError. */
async function send(path: string, options: ApiOptions<ApiMethod>): Promise<Response> {
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
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (await response.json().catch(() => undefined)) as ApiErrorBody | undefined,
    );
  }
  return response;
}

/** The server's own words for a failed call (its `detail`), or undefined when it gave none. */
export function serverDetail(error: unknown): string | undefined {
  return (error instanceof ApiError && error.body?.detail) || undefined;
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
