import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { CARD_NOT_FOUND } from '../../../common/messages/catalog.ts';
import { centsToPrice } from '../../../common/money.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { preparedPer } from '../../db/prepared.ts';
import { type CardRow, cards } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { publishPageChanges } from '../../http/page-cache.ts';
import { offsetOf, pageFrom } from '../paging.ts';
import type { Card, CardPage, HomeProducts } from './responses.ts';
import { CARDS_PAGE_SIZE, type ProductsQuery } from './schemas.ts';

/** The change topic that catalogue writes publish (caches of cards and pages listen for it). */
export const CATALOG_TOPIC = 'catalog';
/**
 * Stock an order took: the catalogue's JSON answers listen for it, pages do not. A cancellation, which puts
 * stock back, still publishes CATALOG_TOPIC.
 */
export const STOCK_TOPIC = 'stock';

/**
 * Stock of these cards changed: the catalogue's answers go, and of the pages only the ones that show stock
 * (each card's own page, and the list, which leaves out what sold out), not every page of the site: one
 * buyer's orders, one after another, would otherwise have every page rendered again for everyone.
 */
export async function publishStockChange(
  deps: { publish(topic: string): Promise<void> },
  slugs: Iterable<string>,
): Promise<void> {
  await deps.publish(STOCK_TOPIC);
  await publishPageChanges(deps, ['/cards', ...[...slugs].map((slug) => `/cards/${slug}`)]);
}

// Admin modules still import it from here.

export function toCard(row: CardRow): Card {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    price: centsToPrice(row.priceCents),
    cover_image: row.coverImage,
    category: row.category,
    description: row.description,
    stock: row.stock,
    in_stock: row.stock === null || row.stock > 0,
    personal_fields: row.personalFields,
    pack_size: row.packSize,
  };
}

const newestFirst = [desc(cards.createdAt), desc(cards.id)];

async function cardPage(db: Db, where: SQL | undefined, orderBy: SQL[], page: number): Promise<CardPage> {
  // One round trip: the window count rides along with the page's rows.
  const rows = await db
    .select({ card: cards, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cards)
    .where(where)
    .orderBy(...orderBy)
    .limit(CARDS_PAGE_SIZE)
    .offset(offsetOf(page, CARDS_PAGE_SIZE));
  return pageFrom(
    page,
    CARDS_PAGE_SIZE,
    rows.map((row) => toCard(row.card)),
    rows[0]?.total ?? 0,
  );
}

/** The public list's page: what every catalogue page and `/cards?page=n` reads, so prepared. */
const activeCardsPage = preparedPer((db) =>
  db
    .select({ card: cards, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cards)
    .where(eq(cards.active, true))
    .orderBy(...newestFirst)
    .limit(CARDS_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare('list_cards'),
);

/** The public card list, newest first, 8 to a page. A page past the end is "Invalid page.". */
export async function listCards(db: Db, page: number): Promise<CardPage> {
  const rows = await activeCardsPage(db).execute({ offset: offsetOf(page, CARDS_PAGE_SIZE) });
  return pageFrom(
    page,
    CARDS_PAGE_SIZE,
    rows.map((row) => toCard(row.card)),
    rows[0]?.total ?? 0,
  );
}

const activeCardBySlug = preparedPer((db) =>
  db
    .select()
    .from(cards)
    .where(and(eq(cards.slug, sql.placeholder('slug')), eq(cards.active, true)))
    .limit(1)
    .prepare('get_card'),
);

export async function getCard(db: Db, slug: string): Promise<Card> {
  const [row] = await activeCardBySlug(db).execute({ slug });
  if (!row) throw new AppError('not_found', CARD_NOT_FOUND);
  return toCard(row);
}

const orderings: Record<NonNullable<ProductsQuery['ordering']>, SQL[]> = {
  price: [asc(cards.priceCents), asc(cards.id)],
  '-price': [desc(cards.priceCents), desc(cards.id)],
  name: [asc(cards.name), asc(cards.id)],
  '-name': [desc(cards.name), desc(cards.id)],
  created: [asc(cards.createdAt), asc(cards.id)],
  '-created': newestFirst,
};

/** Filters the same catalogue: free-text search (name, SKU, design, description), design, price range. */
export function searchProducts(db: Db, query: ProductsQuery): Promise<CardPage> {
  const conditions: SQL[] = [eq(cards.active, true)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(
      ilike(cards.name, pattern),
      ilike(cards.sku, pattern),
      ilike(cards.category, pattern),
      ilike(cards.description, pattern),
    );
    if (match) conditions.push(match);
  }
  if (query.category) conditions.push(sql`lower(${cards.category}) = lower(${query.category})`);
  if (query.min_price !== undefined) conditions.push(gte(cards.priceCents, query.min_price));
  if (query.max_price !== undefined) conditions.push(lte(cards.priceCents, query.max_price));
  return cardPage(db, and(...conditions), orderings[query.ordering ?? '-created'], query.page);
}

const HOME_ALL_LIMIT = 12;
const HOME_STRIP_LIMIT = 8;

/**
 * The home page's three strips. Best selling is by units ordered (cancelled orders do not count, cards.unitsSold);
 * cards that sold the same keep the catalogue's own order, oldest first.
 */
export async function homeProducts(db: Db): Promise<HomeProducts> {
  const active = eq(cards.active, true);
  const [newest, bestSelling] = await Promise.all([
    db
      .select()
      .from(cards)
      .where(active)
      .orderBy(...newestFirst)
      .limit(HOME_ALL_LIMIT),
    db
      .select()
      .from(cards)
      .where(active)
      .orderBy(desc(cards.unitsSold), asc(cards.createdAt), asc(cards.id))
      .limit(HOME_STRIP_LIMIT),
  ]);
  const all = newest.map(toCard);
  return {
    all_products: all,
    best_selling_products: bestSelling.map(toCard),
    latest_products: all.slice(0, HOME_STRIP_LIMIT),
  };
}
