import type { FastifyPluginAsync } from 'fastify';
import { USER_NOT_FOUND } from '../../../common/messages/profiles.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { cardEventOf } from '../insights/card-event-of.ts';
import { leavingPage } from '../insights/leaving-page.ts';
import { viewCard } from './service.ts';

/**
 * A card page's link buttons go through here: the click is counted, then the browser is sent on — only to a
 * link the card shows (the owner's, enabled, on a card the caller may see). Any other id, another owner's
 * link, a disabled one or a private card is the card page's own 404. Any owner can put any address on their
 * card, so only a click on our own page (`Sec-Fetch-Site: same-origin`, which no other site can make a
 * browser send) is redirected; the same link mailed or posted elsewhere opens a page saying where it leads,
 * so the firm's domain is no open redirect.
 */
export const cardLinkRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'insights' | 'secret'>> = async (
  app,
  { db, insights, secret },
) => {
  app.get<{ Params: { username: string; linkId: string } }>(
    '/profile/:username/links/:linkId',
    async (request, reply) => {
      const { username, linkId } = request.params;
      const id = /^\d{1,9}$/.test(linkId) ? Number(linkId) : undefined;
      const viewer = await request.currentUser();
      const { profile } = await viewCard(db, username, viewer?.id);
      const link = profile.links.find((candidate) => candidate.id === id);
      if (!link || id === undefined) throw new AppError('not_found', USER_NOT_FOUND);
      if (request.method === 'GET') {
        insights.record(cardEventOf(secret, request, 'click', profile.username, id));
      }
      // .href percent-encodes what a header cannot carry raw.
      const target = new URL(link.url).href;
      reply.header('cache-control', 'no-store');
      if (request.headers['sec-fetch-site'] === 'same-origin') return reply.redirect(target, 302);
      const name = `${profile.first_name} ${profile.last_name}`.trim() || profile.username;
      return reply
        .type('text/html; charset=utf-8')
        .send(leavingPage(target, { name, cardPath: `/profile/${profile.username}` }));
    },
  );
};
