import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CardEventKind } from '../../../common/insights.ts';
import type { VisitSource } from '../../../common/visit-source.ts';
import { users } from './accounts.ts';

/**
 * One thing a card's page did (a view, a contact save, a link click, an exchange), kept RAW_EVENT_RETENTION_DAYS.
 * `visitor` is a keyed hash of the client under a salt that exists for one UTC day only (insight_salts): it
 * counts unique visitors within a day and identifies no one across days. No address or agent is stored.
 */
export const cardEvents = pgTable(
  'card_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CardEventKind>().notNull(),
    source: text('source').$type<VisitSource>().notNull(),
    /** For taps: the tapped card's compact serial, if it is the owner's. */
    cardSerial: text('card_serial'),
    /** For clicks: the profile link's id (stable; the link may have been deleted since). */
    linkId: integer('link_id'),
    visitor: text('visitor').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('card_events_owner_idx').on(table.ownerId, table.occurredAt),
    index('card_events_time_idx').on(table.occurredAt),
    check('card_events_kind_known', sql`${table.kind} IN ('view', 'save', 'click', 'exchange')`),
    check('card_events_source_known', sql`${table.source} IN ('tap', 'qr', 'link')`),
  ],
);

/**
 * Daily totals, kept for ever: one row per owner, UTC day, kind and dimension. `source` '*' is the day's total
 * for the kind (its `visitors` the day's unique visitors); other rows break it down by source, tapped card
 * ('' if none) and link (0 if none).
 */
export const cardEventDays = pgTable(
  'card_event_days',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<CardEventKind>().notNull(),
    source: text('source').notNull(),
    cardSerial: text('card_serial').notNull().default(''),
    linkId: integer('link_id').notNull().default(0),
    events: integer('events').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.ownerId, table.day, table.kind, table.source, table.cardSerial, table.linkId],
    }),
  ],
);

/** The last UTC day whose events are in card_event_days (one row); later days are read from card_events. */
export const insightRollups = pgTable('insight_rollups', {
  id: integer('id').primaryKey().default(1),
  rolledThrough: date('rolled_through', { mode: 'string' }).notNull(),
});

/** Today's random key for visitor hashes; each day's row is deleted once the day is over. */
export const insightSalts = pgTable('insight_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
