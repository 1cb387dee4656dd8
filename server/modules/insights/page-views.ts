import type { FastifyRequest } from 'fastify';
import { cardEventOf, cardPageOwner } from './card-event-of.ts';
import type { InsightsRecorder } from './recording.ts';

/**
 * Counts a card page answered to a GET: 200, or 304 — a browser revalidating the page it shows again (a second
 * tap of the same card from the same phone) is a real repeat view; it adds an event, not a unique visitor.
 * HEAD, errors and redirects are not views; bots and prefetches are dropped by the recorder.
 */
export function recordCardView(
  deps: { insights: InsightsRecorder; secret: string },
  request: FastifyRequest,
  status: number,
): void {
  if (request.method !== 'GET' || (status !== 200 && status !== 304)) return;
  const username = cardPageOwner(request.url);
  if (username) deps.insights.record(cardEventOf(deps.secret, request, 'view', username));
}
