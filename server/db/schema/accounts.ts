import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { type CardAccent, DEFAULT_ACCENT } from '../../../common/card-accents.ts';
import type { SwitchableField } from '../../../common/profile-visibility.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The public profile's name in URLs (`u_name`): lowercase [a-z0-9-], 3–30 characters. */
    username: text('username').notNull().unique(),
    /**
     * The code of the account's permanent address (`/p/{code}`), printed on its cards and shared from its
     * page: random (not enumerable), never changed, never another account's (decision 038).
     */
    cardCode: text('card_code')
      .notNull()
      .unique()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`),
    /** Trimmed and lower-cased. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    profileImage: text('profile_image'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Set when the owner proved the address (activation, a reset link, or a confirmed e-mail change). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set when the firm disabled the account. Separate from verification, so no link the owner can get
     * by e-mail (activation, reset) brings a disabled account back; only an admin does.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledBy: integer('disabled_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    disabledReason: text('disabled_reason').notNull().default(''),
    /** A new e-mail waiting for its owner to open the confirmation link; `email` changes only then. */
    pendingEmail: text('pending_email'),
    /**
     * The contact fields the public card shows (common/profile-visibility.ts); name and photo always show.
     * A new account shows its job title only, until its owner turns more on.
     */
    publicFields: text('public_fields')
      .array()
      .$type<SwitchableField[]>()
      .notNull()
      .default(sql`ARRAY['job_title']::text[]`),
    /** Switched off: the card page, its tap links and its API answer as if it did not exist, except to its owner. */
    profilePrivate: boolean('profile_private').notNull().default(false),
    /** The card page's cover colour, one of common/card-accents.ts. */
    accent: text('accent').$type<CardAccent>().notNull().default(DEFAULT_ACCENT),
    /** Off: nothing is recorded about visits to this person's card, and what was recorded is deleted. */
    insightsEnabled: boolean('insights_enabled').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check(
      'users_public_fields_known',
      sql`${table.publicFields} <@ ARRAY['email', 'phone', 'company', 'job_title', 'location', 'bio']::text[]`,
    ),
    check(
      'users_accent_known',
      sql`${table.accent} IN ('ocean', 'teal', 'forest', 'plum', 'ember', 'graphite')`,
    ),
    index('users_created_idx').on(table.createdAt, table.id),
    // Trigram indexes answer the admin search (ILIKE '%…%') without reading every account.
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    index('users_role_idx').on(table.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC-SHA256 of the cookie's random 256-bit id: a stolen table opens no session. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * One-time links: activation, password reset, e-mail change confirmation, "this wasn't me" (secure) and
 * sign-in unlock. Only a SHA-256 of the token is kept.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activate', 'reset', 'email_change', 'secure', 'unlock'] }).notNull(),
    /** What the link acts on, where the purpose needs it (the address a "secure" link restores). */
    payload: text('payload'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Fixed-window counters shared by every process (login, register, forgot-password…). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export type UserRow = typeof users.$inferSelect;
