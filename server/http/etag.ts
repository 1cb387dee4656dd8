import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The strong ETag of a body: kept answers compute it once, with the body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64')}"`;
}

/**
 * Whether this read (GET or HEAD) says it still holds the answer tagged `etag`: a list of tags counts
 * when any of them is this one, compared weakly, as RFC 9110 says for If-None-Match.
 */
export function holdsTag(request: FastifyRequest, etag: string): boolean {
  const held = request.headers['if-none-match'];
  if (held === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const tags = held.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''));
}

function mayBeKept(reply: FastifyReply): boolean {
  return !String(reply.getHeader('cache-control') ?? '').includes('no-store');
}

/**
 * ETags, and 304 to a request that still holds the answer, in `scope`. Only answers a browser or proxy
 * may keep are hashed: one never stored is never revalidated. An ETag the route set is used as it is.
 * Register it after the hooks that set `Cache-Control`: it reads the header they leave.
 */
export function registerEtags(scope: FastifyInstance): void {
  // A callback hook: no promise per answer.
  scope.addHook('onSend', (request, reply, payload, done) => {
    let etag = reply.getHeader('etag');
    if (etag === undefined) {
      if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !mayBeKept(reply)) {
        done(null, payload);
        return;
      }
      etag = etagOf(payload);
      reply.header('etag', etag);
    }
    // Only a successful read is revalidated.
    if (reply.statusCode === 200 && holdsTag(request, String(etag))) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  });
}
