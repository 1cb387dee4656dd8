import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { REQUEST_MESSAGES } from '../common/messages/requests.ts';
import { isDatabaseUnavailable } from './db/errors.ts';

export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'unavailable';

const statusByKind: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

/** What a client is told while the database cannot be reached (it comes back by itself). */
/** How long a client should wait before trying again while the database is away (Retry-After). */
export const UNAVAILABLE_RETRY_SECONDS = '5';
export const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

type FieldErrors = Record<string, string[]>;

/** The one error type business logic throws; the handler below turns it into JSON. */
/** Marks an AppError whichever copy of this module made it (see `Symbol.hasInstance` below). */
const APP_ERROR = Symbol.for('app.AppError');

export class AppError extends Error {
  /**
   * The page bundle (build/server) and the server bundle (build/node) each hold a copy of this class, and
   * page actions get errors from the server's copy through the load context: the mark makes `instanceof`
   * true for both.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && APP_ERROR in value;
  }
  readonly [APP_ERROR] = true;
  readonly kind: ErrorKind;
  readonly detail: string;
  readonly errors: FieldErrors | undefined;
  /** Sent as Retry-After with a 429 or 503: when trying again can succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, detail: string, errors?: FieldErrors, retryAfterSeconds?: number) {
    super(detail);
    this.kind = kind;
    this.detail = detail;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return statusByKind[this.kind];
  }
}

interface ErrorBody {
  detail: string;
  code: string;
  errors?: FieldErrors;
}

const UNKNOWN_FIELD = 'Unknown field.';

/**
 * The most fields a 400 lists, and unknown names its message names: an answer stays a few KB however many
 * problems a body was built to have (75,000 unknown keys once made a 2 MB answer).
 */
const MAX_LISTED_ERRORS = 20;
const MAX_NAMED_UNKNOWN = 5;

type ZodIssue = ZodError['issues'][number];

/** An unknown field is a mistake to name, not to ignore: a misspelt field would otherwise change nothing, silently. */
function issueMessage(issue: ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const names = issue.keys.slice(0, MAX_NAMED_UNKNOWN).map((key) => [...issue.path, key].join('.'));
  const more = issue.keys.length - names.length;
  const listed = more > 0 ? `${names.join(', ')} ${REQUEST_MESSAGES.moreUnknown(more)}` : names.join(', ');
  return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${listed}.`;
}

/** The message a 400 leads with: the first problem found. */
export function firstZodMessage(error: ZodError): string {
  const first = error.issues[0];
  return first ? issueMessage(first) : 'Invalid input.';
}

/** Each field's messages, for at most MAX_LISTED_ERRORS fields; the rest are counted in `non_field_errors`. */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  // A Map, not an object: a field named "toString" or "__proto__" must not meet Object.prototype.
  const errors = new Map<string, string[]>();
  let unlisted = 0;
  const add = (key: string, message: string) => {
    const messages = errors.get(key);
    if (messages) messages.push(message);
    else if (errors.size < MAX_LISTED_ERRORS) errors.set(key, [message]);
    else unlisted++;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), UNKNOWN_FIELD);
      continue;
    }
    add(issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors', issue.message);
  }
  if (unlisted > 0) {
    errors.set('non_field_errors', [
      ...(errors.get('non_field_errors') ?? []),
      REQUEST_MESSAGES.moreProblems(unlisted),
    ]);
  }
  return Object.fromEntries(errors);
}

/** Answers for errors Fastify itself raises before our handlers run (bad JSON, wrong type, too big). */
function fromFastifyError(error: FastifyError): { status: number; body: ErrorBody } | undefined {
  const status = error.statusCode;
  if (!status || status >= 500) return undefined;
  const known: Record<string, string> = {
    FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body.',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
    FST_ERR_CTP_BODY_TOO_LARGE: REQUEST_MESSAGES.tooLarge,
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length.',
  };
  const detail = known[error.code] ?? (status === 404 ? 'Not found.' : 'Bad request.');
  const code =
    status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : 'bad_request';
  return { status, body: { detail, code: status === 404 ? 'not_found' : code } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { detail: error.detail, code: error.kind };
      if (error.errors) body.errors = error.errors;
      if (error.retryAfterSeconds) reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return reply.status(error.status).send(body);
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send({ detail: 'Invalid input.', code: 'bad_request', errors: fieldErrorsFromZod(error) });
    }
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) return reply.status(mapped.status).send(mapped.body);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
        .send({ detail: UNAVAILABLE, code: 'unavailable' });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: `Something went wrong on our side (request ${request.id}).`, code: 'server_error' });
  });
}
