import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';
import { holdsTag } from '../http/etag.ts';
import type { MediaStorage, StoredMedia } from './index.ts';
import { isSafeKey } from './media-keys.ts';

/** A key never changes meaning (its bytes' hash is in it), so browsers and CDNs may keep an answer a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * An image opened on its own (an SVG above all) runs nothing and loads nothing: stricter than the pages'
 * policy the files were served with before. The drawn covers need inline styles only.
 */
const MEDIA_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'none'";

/** GET and HEAD /media/<key>, from the media store: any host answers for any image. */
export function registerMediaRoute(app: FastifyInstance, storage: MediaStorage): void {
  // HEAD is its own method here: Fastify's automatic one would run the GET and measure the bytes it reads.
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    // One encoding per ETag: the hash names these bytes. Images are compressed already; a drawn SVG is ~1 KB.
    compress: false,
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeKey(key)) throw new AppError('not_found', 'Not found.');
      const conditional = request.headers['if-none-match'];
      // The bytes are read only when they are sent: not for HEAD, not for a 304.
      const wantsBytes = request.method === 'GET' && conditional === undefined;
      let found = await storage.find(key, wantsBytes);
      if (found && holdsTag(request, `"${found.sha256}"`)) return mediaHeaders(reply, found).code(304).send();
      if (found && request.method === 'GET' && !found.data) found = await storage.find(key, true);
      if (!found) throw new AppError('not_found', 'Not found.');
      mediaHeaders(reply, found).header('content-type', found.contentType);
      if (request.method === 'HEAD') return reply.header('content-length', found.size).send();
      return reply.send(found.data);
    },
  });
}

function mediaHeaders(reply: FastifyReply, found: StoredMedia): FastifyReply {
  return reply
    .header('cache-control', CACHE_CONTROL)
    .header('etag', `"${found.sha256}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', MEDIA_CSP);
}
