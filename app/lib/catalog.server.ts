import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import { cardsQuerySchema, INVALID_PAGE, slugSchema } from '../../server/modules/catalog/schemas.ts';
import { getCard, homeProducts, listCards } from '../../server/modules/catalog/service.ts';
import { orResponse } from './loader-errors.server.ts';

export function loadCardPage(context: AppLoadContext, pageParam: string | null) {
  const query = cardsQuerySchema.safeParse({ page: pageParam ?? undefined });
  if (!query.success) throw data({ message: INVALID_PAGE }, { status: 400 });
  return orResponse(() => listCards(context.db, query.data.page));
}

export function loadCard(context: AppLoadContext, slug: string | undefined) {
  if (!slug || !slugSchema.safeParse(slug).success)
    throw data({ message: 'Card not found.' }, { status: 404 });
  return orResponse(() => getCard(context.db, slug));
}

export function loadHomeProducts(context: AppLoadContext) {
  return orResponse(() => homeProducts(context.db));
}
