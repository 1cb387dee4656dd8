import type { FastifyRequest } from 'fastify';
import type { CardEventKind } from '../../../common/insights.ts';
import { VIA_PARAM } from '../../../common/visit-source.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import type { CardEventInput } from './recording.ts';
import { verifiedVisit } from './signed-via.ts';

/** A browser's "fetched ahead, maybe never shown" marks (Chromium: Sec-Purpose; older: Purpose / X-Moz). */
function isPrefetch(request: FastifyRequest): boolean {
  const purpose = [request.headers['sec-purpose'], request.headers.purpose, request.headers['x-moz']]
    .flat()
    .join(' ');
  return /\bprefetch\b/i.test(purpose);
}

/**
 * What a card route knows about a request, for the recorder: the source from `?via=` (only one the server
 * signed for this card; any other is a plain link), the client, the session.
 */
export function cardEventOf(
  secret: string,
  request: FastifyRequest,
  kind: CardEventKind,
  username: string,
  linkId?: number,
): CardEventInput {
  const via = (request.query as Record<string, unknown> | undefined)?.[VIA_PARAM];
  return {
    kind,
    owner: { username },
    visit: verifiedVisit(secret, username, typeof via === 'string' ? via : null),
    ...(linkId === undefined ? {} : { linkId }),
    client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', prefetch: isPrefetch(request) },
    sessionToken: request.cookies[SESSION_COOKIE],
  };
}

/** The owner's name in a card page's URL (`/profile/{username}`, any query), or undefined for other pages. */
export function cardPageOwner(url: string): string | undefined {
  return /^\/profile\/([A-Za-z0-9-]{3,30})\/?(?:\?|$)/.exec(url)?.[1]?.toLowerCase();
}
