import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAX_VERIFICATIONS } from '../../../common/limits.ts';
import { users } from './accounts.ts';
import { cards } from './catalog.ts';

export const SERIAL_STATUSES = ['active', 'blocked'] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];

/** One physical card: its printed serial, the product (SKU) it is, and who claimed it as their intro card. */
export const serials = pgTable(
  'serials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 12 Crockford base32 characters, the last a check character; stored without dashes. */
    serial: text('serial').notNull().unique(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    status: text('status').$type<SerialStatus>().notNull().default('active'),
    verificationCount: integer('verification_count').notNull().default(0),
    firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true }),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Set while the owner reports the card lost: a tap says so and no one can claim it. */
    lostAt: timestamp('lost_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('serials_card_idx').on(table.cardId),
    index('serials_claimed_by_idx').on(table.claimedBy),
    index('serials_created_idx').on(table.createdAt, table.id),
    // Serials checked more often than the limit allows, and blocked ones: few, listed and counted often. The
    // predicate must be the one the queries use (count > MAX_VERIFICATIONS) for the planner to pick the index.
    index('serials_suspicious_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.verificationCount} > ${sql.raw(String(MAX_VERIFICATIONS))}`),
    index('serials_blocked_idx').on(table.createdAt, table.id).where(sql`${table.status} = 'blocked'`),
    // Prefix search on the serial (LIKE 'ABC%') whatever the database's collation.
    index('serials_serial_prefix_idx').on(table.serial.op('text_pattern_ops')),
    check('serials_status_known', sql`${table.status} IN ('active', 'blocked')`),
    check('serials_format', sql`${table.serial} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`),
  ],
);

/** Each check of a serial, for the firm's history of a card and its daily figures. */
export const serialVerifications = pgTable(
  'serial_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialId: integer('serial_id')
      .notNull()
      .references(() => serials.id, { onDelete: 'cascade' }),
    /** The serial's count after this check (1 for the first). */
    count: integer('count').notNull(),
    /** A keyed hash of the client's address: enough to tell repeat checks apart, not to locate anyone. */
    client: text('client').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('serial_verifications_serial_idx').on(table.serialId, table.verifiedAt, table.id),
    index('serial_verifications_at_idx').on(table.verifiedAt),
  ],
);

/**
 * A card its owner offered to someone else by e-mail. Nothing changes until the recipient opens the link
 * and accepts; a new offer for the same card replaces the old one. Only a SHA-256 of the token is kept.
 */
export const cardTransfers = pgTable(
  'card_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialId: integer('serial_id')
      .notNull()
      .unique()
      .references(() => serials.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased, like a login address. */
    toEmail: text('to_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('card_transfers_from_idx').on(table.fromUserId)],
);

export type CardTransferRow = typeof cardTransfers.$inferSelect;
export type SerialRow = typeof serials.$inferSelect;
