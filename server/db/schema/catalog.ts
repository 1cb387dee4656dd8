import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cards_active_created_idx').on(table.active, table.createdAt, table.id),
    index('cards_category_idx').on(table.category),
    check('cards_price_not_negative', sql`${table.priceCents} >= 0`),
    check('cards_stock_not_negative', sql`${table.stock} IS NULL OR ${table.stock} >= 0`),
  ],
);

export type CardRow = typeof cards.$inferSelect;
export type NewCardRow = typeof cards.$inferInsert;
