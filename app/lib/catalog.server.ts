import type { AppLoadContext } from 'react-router';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { cardsQuerySchema, slugSchema } from '../../server/modules/catalog/schemas.ts';
import { getCard, homeProducts, listCards } from '../../server/modules/catalog/service.ts';
import { INVALID_PAGE } from '../../server/modules/paging.ts';
import { tileOf } from '../components/cards/CardTile';
import { orResponse } from './loader-errors.server.ts';
import { pageError } from './route-error.ts';

/** A page of the list as `/cards` shows it: its tiles' fields only, since the loader data goes to the browser too. */
export async function loadCatalogPage(context: AppLoadContext, pageParam: string | null) {
  const query = cardsQuerySchema.safeParse({ page: pageParam ?? undefined });
  if (!query.success) throw pageError(400, INVALID_PAGE);
  const { count, page, pageCount, results } = await orResponse(() => listCards(context.db, query.data.page));
  return { count, page, pageCount, results: results.map(tileOf) };
}

export function loadCard(context: AppLoadContext, slug: string | undefined) {
  if (!slug || !slugSchema.safeParse(slug).success) throw pageError(404, CARD_NOT_FOUND);
  return orResponse(() => getCard(context.db, slug));
}

export function loadHomeProducts(context: AppLoadContext) {
  return orResponse(() => homeProducts(context.db));
}
