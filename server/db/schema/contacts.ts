import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { VisitSource } from '../../../common/visit-source.ts';
import { users } from './accounts.ts';

/**
 * A person who shared their details from someone's card page (with their consent). The owner's alone: deleted
 * with the owner, and really deleted (not hidden) when the owner deletes it.
 */
export const exchangedContacts = pgTable(
  'exchanged_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** At least one of e-mail and phone is given ('' when not). */
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Where the visit came from: a tap (of `cardSerial`), the QR code, or a link. */
    source: text('source').$type<VisitSource>().notNull(),
    /** The tapped card's compact serial, kept as it was even if the card changes hands later. */
    cardSerial: text('card_serial'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exchanged_contacts_owner_idx').on(table.ownerId, table.createdAt.desc(), table.id.desc()),
    check('exchanged_contacts_reachable', sql`${table.email} <> '' OR ${table.phone} <> ''`),
    check('exchanged_contacts_source_known', sql`${table.source} IN ('tap', 'qr', 'link')`),
  ],
);

export type ExchangedContactRow = typeof exchangedContacts.$inferSelect;
