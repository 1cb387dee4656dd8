import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The strong ETag of a body: kept answers compute it once, with the body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64')}"`;
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
  scope.addHook('onSend', async (request, reply, payload) => {
    let etag = reply.getHeader('etag');
    if (etag === undefined) {
      if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !mayBeKept(reply)) return payload;
      etag = etagOf(payload);
      reply.header('etag', etag);
    }
    // Only a successful read is revalidated; a list of tags counts when any of them is this one.
    const held = request.headers['if-none-match'];
    const read = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
    const tags = held?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
    if (read && (tags.includes(String(etag).replace(/^W\//, '')) || tags.includes('*'))) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
