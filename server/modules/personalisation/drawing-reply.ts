import type { FastifyReply } from 'fastify';

/**
 * A stored card drawing (SVG with its pictures embedded) as its own answer: private, never cached, and when
 * opened on its own it runs nothing and loads nothing but its embedded pictures.
 */
export function sendDrawing(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
    .header('x-content-type-options', 'nosniff')
    .send(svg);
}
