import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BLOCK_REASON_CODES, type BlockReason } from '../../../common/block-reasons.ts';
import { MAX_VERIFICATIONS } from '../../../common/limits.ts';
import {
  SERIAL_FLAG_KINDS,
  type SerialFlagKind,
  TAP_EVENT_KINDS,
  type TapEventKind,
} from '../../../common/tap-proof.ts';
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
    /** Why the firm blocked it (a code of common/block-reasons.ts); null while active or when none was given. */
    blockReason: text('block_reason').$type<BlockReason>(),
    /** The NTAG 424 DNA chip's 7-byte UID (14 upper-case hex), bound by the import after encoding. */
    chipUid: text('chip_uid').unique(),
    /**
     * The master-key version the chip's keys were diversified from: set, the card has a secure (SUN) chip
     * whose taps are verified; null, a printed serial and a fixed link only.
     */
    sunKeyVersion: smallint('sun_key_version'),
    /** A re-keying under way: the version the chip is being re-encoded with; its first valid tap makes it current. */
    sunNextKeyVersion: smallint('sun_next_key_version'),
    /** The highest SDMReadCtr accepted from the chip: a tap must come with a higher one. */
    sunCounter: integer('sun_counter'),
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
    check('serials_chip_uid_format', sql`${table.chipUid} ~ '^[0-9A-F]{14}$'`),
    check(
      'serials_block_reason_known',
      sql`${table.blockReason} IN (${sql.raw(BLOCK_REASON_CODES.map((code) => `'${code}'`).join(', '))})`,
    ),
    check(
      'serials_sun_key_version_positive',
      sql`${table.sunKeyVersion} > 0 AND ${table.sunNextKeyVersion} > 0`,
    ),
    index('serials_sun_idx').on(table.createdAt, table.id).where(sql`${table.sunKeyVersion} IS NOT NULL`),
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
    /** How it was verified: the printed serial typed or scanned, or a fresh secure tap of the chip. */
    method: text('method').$type<'printed' | 'chip'>().notNull().default('printed'),
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

/**
 * The clients whose verification of a serial counted, one row per client per serial per day: a repeat from
 * the same client that day finds its row and counts nothing, so no one can burn a card's x/5 alone.
 */
export const serialCheckDays = pgTable(
  'serial_check_days',
  {
    serialId: integer('serial_id')
      .notNull()
      .references(() => serials.id, { onDelete: 'cascade' }),
    /** The keyed hash of the client's address, as in serial_verifications. */
    client: text('client').notNull(),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.serialId, table.client, table.day] })],
);

/**
 * Every tap of a card's link (`/c/{serial}`): a secure chip's fresh, replayed or forged message, or a tap of
 * a card without one. The registry's evidence for its clone and anomaly signals; kept 90 days.
 */
export const tapEvents = pgTable(
  'tap_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialId: integer('serial_id')
      .notNull()
      .references(() => serials.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TapEventKind>().notNull(),
    /** The UID the message decrypted to, when it decrypted. */
    uid: text('uid'),
    /** The message's read counter, when it decrypted. */
    counter: integer('counter'),
    /** The key version that verified the message, when one did. */
    keyVersion: smallint('key_version'),
    /** The keyed hash of the client's address. */
    client: text('client').notNull(),
    /** A keyed hash of the client's network (IPv4 /16, IPv6 /32): taps from different ones are far apart. */
    network: text('network').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tap_events_serial_idx').on(table.serialId, table.createdAt),
    index('tap_events_at_idx').on(table.createdAt),
    check(
      'tap_events_kind_known',
      sql`${table.kind} IN (${sql.raw(TAP_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

/**
 * A signal on a serial for the firm (a replayed counter, a forged message, taps from distant networks within
 * minutes, many distinct clients checking one printed serial). One open flag per serial and kind, counted up
 * while it recurs; `reported_at` is when the daily mail told the firm, `cleared_at` when an admin closed it.
 */
export const serialFlags = pgTable(
  'serial_flags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialId: integer('serial_id')
      .notNull()
      .references(() => serials.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SerialFlagKind>().notNull(),
    /** The reason in words, as the serial's admin page shows it. */
    detail: text('detail').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('serial_flags_open_idx')
      .on(table.serialId, table.kind)
      .where(sql`${table.clearedAt} IS NULL`),
    index('serial_flags_unreported_idx').on(table.firstSeenAt).where(sql`${table.reportedAt} IS NULL`),
    check(
      'serial_flags_kind_known',
      sql`${table.kind} IN (${sql.raw(SERIAL_FLAG_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

export type CardTransferRow = typeof cardTransfers.$inferSelect;
export type SerialRow = typeof serials.$inferSelect;
