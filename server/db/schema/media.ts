import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';

/**
 * Uploaded and drawn images served under /media (profile photos, card covers), kept in the database so every
 * host serves them (decision 029). A key names its bytes' SHA-256 ("profiles/12-<sha256>.jpg"), so a key never
 * changes meaning; keys imported from a DATA_DIR/media of before are kept as they were.
 */
export const media = pgTable(
  'media',
  {
    key: text('key').primaryKey(),
    /** Hex SHA-256 of `data`: the strong ETag. */
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('media_size_matches', sql`${table.size} = octet_length(${table.data})`),
    check('media_sha256_hex', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
