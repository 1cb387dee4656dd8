import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PrintField } from '../../../common/card-design/personalisation.ts';

export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    priceCents: integer('price_cents').notNull(),
    coverImage: text('cover_image'),
    /** The card's design (e.g. "Matte Black"); the cart's `design` is this value. */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Null when stock is not tracked. */
    stock: integer('stock'),
    /** What a buyer may have printed on it (common/card-design/personalisation.ts); empty, a stock card. */
    personalFields: text('personal_fields')
      .array()
      .$type<PrintField[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Cards in one unit (a Team Pack of 5): a personalised line carries one design per card. */
    packSize: integer('pack_size').notNull().default(1),
    /**
     * Units ordered, cancelled orders not counted: the home page's best sellers. Kept by each order and each
     * cancellation, in their transactions, instead of summing every order line whenever stock moves.
     */
    unitsSold: integer('units_sold').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cards_active_created_idx').on(table.active, table.createdAt, table.id),
    index('cards_category_idx').on(table.category),
    check('cards_price_not_negative', sql`${table.priceCents} >= 0`),
    check('cards_pack_size_range', sql`${table.packSize} BETWEEN 1 AND 50`),
    check('cards_stock_not_negative', sql`${table.stock} IS NULL OR ${table.stock} >= 0`),
  ],
);

export type CardRow = typeof cards.$inferSelect;
export type NewCardRow = typeof cards.$inferInsert;
