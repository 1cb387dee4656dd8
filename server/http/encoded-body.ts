import type { FastifyReply, FastifyRequest } from 'fastify';
import { runHeavy } from '../jobs/heavy-work.ts';
import { etagOf, holdsTag } from './etag.ts';

/** Below this an answer is sent as it is (the compression plugin's threshold too). */
const ENCODE_FROM_BYTES = 1024;

type Coding = 'br' | 'gzip';

/**
 * A kept answer's bytes, with its compressed variants once they are ready, each with its own tag (a
 * strong ETag names one representation). Compressed once, at the best settings, in the heavy-work pool, and
 * only once the answer is sent a second time: a hit then sends bytes instead of compressing the same page
 * again for every visitor, while an answer read once (a miss nobody asks for again, every answer when
 * nothing is kept) costs no more than the compression plugin's quick pass. Best-quality Brotli of a 3.6 KB
 * catalogue page took about 24 ms of CPU on this machine, more than the request itself.
 */
export interface EncodedBody {
  identity: Buffer;
  etag: string;
  variants: Partial<Record<Coding, { bytes: Buffer; etag: string }>>;
  /** Whether it has been sent once already, or its variants are being made. */
  sent: 'never' | 'once' | 'encoding';
}

export function encodedBody(body: string | Buffer): EncodedBody {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  return { identity, etag: etagOf(identity), variants: {}, sent: 'never' };
}

/**
 * Starts making the compressed variants, in the heavy-work pool at its low priority; until they are ready
 * the compression plugin encodes each answer. Refused (the pool's queue full), a later send asks again.
 */
function encodeVariants(kept: EncodedBody): void {
  kept.sent = 'encoding';
  if (kept.identity.length < ENCODE_FROM_BYTES) return;
  const { identity, etag } = kept;
  runHeavy('job:compress', 'bestCompression', identity).then(
    (variants) => {
      for (const coding of ['br', 'gzip'] as const) {
        kept.variants[coding] = { bytes: variants[coding], etag: `${etag.slice(0, -1)}-${coding}"` };
      }
    },
    () => {
      kept.sent = 'once';
    },
  );
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const codingOf = new Map<string, Coding | undefined>();
const REMEMBERED_VALUES = 64;

function acceptedCoding(accept: string | undefined): Coding | undefined {
  if (accept === undefined) return undefined;
  if (codingOf.has(accept)) return codingOf.get(accept);
  const coding = preferredCoding(accept);
  if (codingOf.size >= REMEMBERED_VALUES) codingOf.clear();
  codingOf.set(accept, coding);
  return coding;
}

/** The coding `accept` allows that we prefer (br, then gzip); undefined for the bytes as they are. */
function preferredCoding(accept: string): Coding | undefined {
  let gzipOk = false;
  for (const item of accept.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : undefined;
}

/**
 * Sends a kept answer: the variant the request accepts, or 304 when the request still holds it.
 * Headers other than the body's (type, cache-control) are the caller's.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  if (body.sent === 'never') body.sent = 'once';
  else if (body.sent === 'once') encodeVariants(body);
  const coding = acceptedCoding(request.headers['accept-encoding']);
  const variant = coding === undefined ? undefined : body.variants[coding];
  if (body.identity.length >= ENCODE_FROM_BYTES) reply.header('vary', 'accept-encoding');
  const etag = variant?.etag ?? body.etag;
  reply.header('etag', etag);
  if (reply.statusCode === 200 && holdsTag(request, etag)) return reply.code(304).send();
  if (variant === undefined || coding === undefined) return reply.send(body.identity);
  return reply.header('content-encoding', coding).send(variant.bytes);
}
