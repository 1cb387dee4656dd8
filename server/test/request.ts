import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface ApiRequest {
  method?: Method;
  url: string;
  /** A JSON body (an object), or a ready body such as `multipart(…).payload` with its `headers`. */
  body?: object | Buffer | string;
  /** The session cookie header (`sid=…`), as a signed-in browser sends it. */
  cookie?: string;
  /** Sent as `origin` (a cross-site write is refused). */
  origin?: string;
  headers?: Record<string, string>;
  /** The client's address (rate limits count per client). */
  remoteAddress?: string;
}

interface ApiAnswer {
  status: number;
  /** The JSON body, parsed when read; undefined when the answer has none (a 204). */
  readonly body: ReturnType<typeof JSON.parse>;
  text: string;
  raw: Buffer;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
}

/** One API request through `app.inject`, the way every server test sends one. */
export async function request(t: TestApp | FastifyInstance, options: ApiRequest): Promise<ApiAnswer> {
  const app = 'app' in t ? t.app : t;
  const headers: Record<string, string> = {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
    ...options.headers,
  };
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return {
    status: response.statusCode,
    get body() {
      return response.body ? response.json() : undefined;
    },
    text: response.body,
    raw: response.rawPayload,
    headers: response.headers,
    cookies: response.cookies,
  };
}

/**
 * `request` in the words most test files use, `call(method, url, cookie?, body?)`: a JSON request with the
 * session cookie of a signed-in user (none: signed out). The app is read when a call is made, so a file binds
 * it before its beforeAll makes the app: `const call = caller(() => t)`.
 */
export function caller(app: () => TestApp | FastifyInstance) {
  return (method: Method, url: string, cookie?: string, body?: ApiRequest['body']) =>
    request(app(), { method, url, cookie, body });
}
