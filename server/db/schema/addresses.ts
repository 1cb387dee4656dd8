import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    /** The country's English name; for an address saved before countries were chosen, the text as typed. */
    country: text('country').notNull(),
    /**
     * ISO 3166-1 alpha-2, chosen from the list. Null only for an address saved before (issue 32) whose text no
     * country matched: its owner chooses one at checkout, and until then it cannot be ordered to.
     */
    countryCode: text('country_code'),
    postalCode: text('postal_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_user_created_idx').on(table.userId, table.createdAt, table.id),
    check('addresses_country_code', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
