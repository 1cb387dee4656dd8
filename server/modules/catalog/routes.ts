import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CARD_NOT_FOUND } from '../../../common/messages/catalog.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { REVALIDATE_EACH_TIME } from '../../http/cache-control.ts';
import { cacheKeyOf, isMarketingParam } from '../../http/cache-key.ts';
import { type EncodedBody, encodedBody, sendEncoded } from '../../http/encoded-body.ts';
import { doc } from '../../http/openapi.ts';
import { ResponseCache } from '../../http/response-cache.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { INVALID_PAGE, linkedPage } from '../paging.ts';
import { cardListSchema, cardSchema, homeProductsSchema } from './responses.ts';
import { cardsQuerySchema, productsQuerySchema, slugSchema } from './schemas.ts';
import { CATALOG_TOPIC, getCard, homeProducts, listCards, STOCK_TOPIC, searchProducts } from './service.ts';

type CatalogRoutesOptions = Pick<Services, 'db' | 'changes' | 'publicUrl'>;

/** Distinct catalogue URLs kept; odd query strings cannot grow the cache past this. */
const CACHED_ANSWERS = 1000;

/** Catalogue answers may be kept but are revalidated each time (ETag → 304), so admin edits show at once. */
function revalidate(reply: FastifyReply): void {
  reply.header('cache-control', REVALIDATE_EACH_TIME);
}

const catalogApi: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { db, changes, publicUrl }) => {
  // Every visitor gets the same catalogue answer for a URL, so the serialised JSON is kept until the
  // catalogue changes (in any process). Errors are thrown, so they are never kept.
  // Concurrent misses for one URL share one query; marketing parameters do not make another entry.
  const cache = new ResponseCache<EncodedBody>(changes, CACHED_ANSWERS, [CATALOG_TOPIC, STOCK_TOPIC]);
  /** Not async: a kept answer is sent without a promise, and the handler then returns nothing. */
  function cached(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    // Kept with its ETag and its compressed variants: a hit hashes and compresses nothing.
    const send = (answer: EncodedBody) => {
      revalidate(reply);
      return sendEncoded(request, reply.type('application/json; charset=utf-8'), answer);
    };
    const key = cacheKeyOf(request.url);
    const kept = cache.get(key);
    if (kept) {
      send(kept);
      return undefined;
    }
    return cache.getOrCompute(key, async () => encodedBody(JSON.stringify(await compute()))).then(send);
  }

  app.get(
    '/cards/',
    doc({
      summary: 'The card catalogue, a page at a time',
      query: cardsQuerySchema,
      responses: { 200: { description: 'A page of cards.', schema: cardListSchema } },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const { page } = parseInput(cardsQuerySchema, request.query, INVALID_PAGE);
        return linkedPage(await listCards(db, page), (n) => `${publicUrl}/api/cards/?page=${n}`);
      }),
  );

  app.get<{ Params: { slug: string } }>(
    '/cards/:slug/',
    doc({
      summary: 'One card',
      params: { slug: slugSchema },
      responses: { 200: { description: 'The card.', schema: cardSchema }, 404: 'No such card.' },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const slug = slugSchema.safeParse(request.params.slug);
        if (!slug.success) throw new AppError('not_found', CARD_NOT_FOUND);
        return getCard(db, slug.data);
      }),
  );

  app.get(
    '/home/',
    doc({
      summary: 'The cards shown on the home page',
      responses: { 200: { description: 'The cards.', schema: homeProductsSchema } },
    }),
    (request, reply) => cached(request, reply, () => homeProducts(db)),
  );

  app.get(
    '/products/',
    doc({
      summary: 'Search and sort the catalogue',
      query: productsQuerySchema,
      responses: { 200: { description: 'A page of cards.', schema: cardListSchema } },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const query = parseInput(productsQuerySchema, request.query);
        const result = await searchProducts(db, query);
        return linkedPage(result, (n) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
            if (typeof value === 'string' && key !== 'page' && !isMarketingParam(key)) params.set(key, value);
          }
          params.set('page', String(n));
          return `${publicUrl}/api/products/?${params}`;
        });
      }),
  );
};

/** The module's routes entry: its API, under /api. */
export const catalogRoutes = apiRoutes(catalogApi);
