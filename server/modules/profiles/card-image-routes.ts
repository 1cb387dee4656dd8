import type { FastifyPluginAsync } from 'fastify';
import { REVALIDATE_EACH_TIME } from '../../http/cache-control.ts';
import { doc } from '../../http/openapi.ts';
import { ownerOf } from '../../jobs/owner.ts';
import type { Services } from '../../services.ts';
import { cardImage } from './card-image.ts';
import { usernameField } from './schemas.ts';

type CardImageRoutesOptions = Pick<Services, 'db' | 'storage' | 'publicUrl'>;

/** The card's preview picture for shared links (the page's og:image). */
export const cardImageRoutes: FastifyPluginAsync<CardImageRoutesOptions> = async (app, deps) => {
  app.get<{ Params: { username: string } }>(
    '/auth/public-profile/:username/card.png',
    doc({
      summary: 'Someone’s card as a 1200×630 preview picture (OpenGraph)',
      params: { username: usernameField },
      produces: 'image/png',
      responses: { 200: 'The PNG.', 304: 'Unchanged since the given ETag.', 404: 'No such user.' },
    }),
    async (request, reply) => {
      const image = await cardImage(deps, request.params.username, await ownerOf(request));
      // Revalidated each time, so a changed card previews anew wherever the link is shared next.
      reply.header('cache-control', REVALIDATE_EACH_TIME);
      reply.header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      reply.type('image/png');
      return image.png();
    },
  );
};
