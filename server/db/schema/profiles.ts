import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkIcon } from '../../../common/profile-links.ts';
import { users } from './accounts.ts';

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
