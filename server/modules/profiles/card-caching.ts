import { REVALIDATE_EACH_TIME } from '../../http/cache-control.ts';
import type { ViewedCard } from './service.ts';

/**
 * How a card's answer (page, JSON, vCard) may be kept. A private card shows to its owner alone, so their
 * answer must stay in their browser and out of the page cache; any other answer is the same for everyone
 * and may be kept while revalidated.
 */
export function cardCacheControl(card: Pick<ViewedCard, 'own' | 'private'>): string {
  return card.own && card.private ? 'private, no-store' : REVALIDATE_EACH_TIME;
}
