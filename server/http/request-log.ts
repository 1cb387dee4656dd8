import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Paths that carry one-time tokens (the mailed links, pages and API alike); the token never reaches the logs. */
const TOKEN_PATH =
  /^(\/(?:api\/auth\/)?(?:(?:activate|reset-password|confirm-email|secure-account|unlock)\/[^/]+|transfer)\/)[^/?]+/;

/** A proof link's page and its API calls carry the signed proof token. */
const PROOF_PATH = /^(\/(?:api\/proofs|proof)\/)[^/?]+/;

function loggedUrl(url: string): string {
  return url.replace(TOKEN_PATH, '$1[token]').replace(PROOF_PATH, '$1[token]');
}

const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** One log line per request (method, path without tokens, status, time), not Fastify's two. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    // Below the log level, the line is not even built.
    if (!error && ABOVE_INFO.has(reply.log.level)) return;
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
