import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkIcon } from '../../../common/profile-links.ts';
import { users } from './accounts.ts';
import { bytea } from './bytea.ts';

/** The links on a person's card, in the order they chose (common/profile-links.ts has the rules). */
export const profileLinks = pgTable(
  'profile_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 first; the owner's order. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    icon: text('icon').$type<LinkIcon>(),
    /** Switched off, the link stays in the owner's list but no one else sees it. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profile_links_user_idx').on(table.userId, table.position)],
);

export type ProfileLinkRow = typeof profileLinks.$inferSelect;

/**
 * A card's preview picture (og:image), kept for the version of the card it was drawn from: drawn once per
 * version however many visitors ask, one row per card, replaced when the card changes (decision 036).
 */
export const cardImages = pgTable('card_images', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  png: bytea('png').notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every username an account ever had, its current one included: a name stays its account's for good, so
 * what was printed or shared with it never reaches anyone else (decision 038). Kept when an account goes,
 * held by no one.
 */
export const usernames = pgTable(
  'usernames',
  {
    name: text('name').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usernames_user_idx').on(table.userId)],
);
