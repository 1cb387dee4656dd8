import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { doc } from '../../http/openapi.ts';
import { ResponseCache } from '../../http/response-cache.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { cardsQuerySchema, INVALID_PAGE, productsQuerySchema, slugSchema } from './schemas.ts';
import { CATALOG_TOPIC, type CardPage, getCard, homeProducts, listCards, searchProducts } from './service.ts';

export type CatalogRoutesOptions = Pick<Services, 'db' | 'changes' | 'publicUrl'>;

/** Distinct catalogue URLs kept; odd query strings cannot grow the cache past this. */
const CACHED_ANSWERS = 1000;

/** Catalogue answers may be kept but are revalidated each time (ETag → 304), so admin edits show at once. */
function revalidate(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=0, must-revalidate');
}

function paginated(page: CardPage, pageUrl: (page: number) => string) {
  return {
    count: page.count,
    next: page.page < page.pageCount ? pageUrl(page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(page.page - 1) : null,
    results: page.results,
  };
}

export const catalogRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (
  app,
  { db, changes, publicUrl },
) => {
  // Every visitor gets the same catalogue answer for a URL, so the serialised JSON is kept until the
  // catalogue changes (in any process). Errors are thrown, so they are never kept.
  const cache = new ResponseCache<string>(changes, CACHED_ANSWERS, [CATALOG_TOPIC]);
  async function cached(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    let body = cache.get(request.url);
    if (body === undefined) {
      const generation = cache.currentGeneration;
      body = JSON.stringify(await compute());
      cache.set(request.url, body, generation);
    }
    revalidate(reply);
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get(
    '/cards/',
    doc({
      summary: 'The card catalogue, a page at a time',
      query: cardsQuerySchema,
      responses: { 200: 'A page of cards.' },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const { page } = parseInput(cardsQuerySchema, request.query, INVALID_PAGE);
        return paginated(await listCards(db, page), (n) => `${publicUrl}/api/cards/?page=${n}`);
      }),
  );

  app.get<{ Params: { slug: string } }>(
    '/cards/:slug/',
    doc({
      summary: 'One card',
      params: { slug: slugSchema },
      responses: { 200: 'The card.', 404: 'No such card.' },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const slug = slugSchema.safeParse(request.params.slug);
        if (!slug.success) throw new AppError('not_found', 'Card not found.');
        return getCard(db, slug.data);
      }),
  );

  app.get(
    '/home/',
    doc({ summary: 'The cards shown on the home page', responses: { 200: 'The cards.' } }),
    (request, reply) => cached(request, reply, () => homeProducts(db)),
  );

  app.get(
    '/products/',
    doc({
      summary: 'Search and sort the catalogue',
      query: productsQuerySchema,
      responses: { 200: 'A page of cards.' },
    }),
    (request, reply) =>
      cached(request, reply, async () => {
        const query = parseInput(productsQuerySchema, request.query);
        const result = await searchProducts(db, query);
        return paginated(result, (n) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
            if (typeof value === 'string' && key !== 'page') params.set(key, value);
          }
          params.set('page', String(n));
          return `${publicUrl}/api/products/?${params}`;
        });
      }),
  );
};
