import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is asking, for per-client limits: a keyed hash of the client address (the session secret is the
 * key), the same in every process, and never the raw address.
 */
export function clientIdOf(secret: string, request: FastifyRequest): string {
  return createHmac('sha256', secret).update(`client:${request.ip}`).digest('hex').slice(0, 32);
}
