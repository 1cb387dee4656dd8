import type { FastifyPluginAsync } from 'fastify';
import { USER_NOT_FOUND } from '../../../common/messages/profiles.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { viewCard } from '../profiles/service.ts';
import { cardEventOf } from './card-event-of.ts';

/**
 * A card page's link buttons go through here: the click is counted, then the browser is sent on — only to a
 * link the card shows (the owner's, enabled, on a card the caller may see), so it is no open redirect. Any
 * other id, another owner's link, a disabled one or a private card is the card page's own 404.
 */
export const cardLinkRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'insights'>> = async (
  app,
  { db, insights },
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
        insights.record(cardEventOf(request, 'click', { username: profile.username }, id));
      }
      // .href percent-encodes what a header cannot carry raw.
      return reply.header('cache-control', 'no-store').redirect(new URL(link.url).href, 302);
    },
  );
};
