import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How the money moved: a card through Stripe, a bank transfer (a statement line or recorded by hand), or other. */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Only a succeeded entry counts; a refund asked of Stripe is pending until its webhook says how it ended. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Money in (a payment) or out (a refund) on an order, in integer cents, never changed but for a pending
 * refund's status. The order's `paid_cents` and `refunded_cents` are the sums of its succeeded entries, kept in
 * the same transaction (`server/modules/payments/ledger.ts` is the only writer).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<PaymentKind>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('succeeded'),
    amountCents: integer('amount_cents').notNull(),
    /**
     * Where it came from, unique per method: a Stripe PaymentIntent or Refund id, a bank line's id. The same
     * source recorded twice (a webhook sent again, a statement imported again) is one entry.
     */
    sourceId: text('source_id'),
    /** When the money moved (a bank line's booking date, Stripe's time); `created_at` is when it was recorded. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who recorded it by hand or asked for the refund; null for Stripe's webhook and imports. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId, table.id),
    index('payments_received_idx').on(table.receivedAt),
    uniqueIndex('payments_method_source_idx')
      .on(table.method, table.sourceId)
      .where(sql`${table.sourceId} IS NOT NULL`),
    check('payments_kind_known', sql`${table.kind} IN ('payment', 'refund')`),
    check('payments_method_known', sql`${table.method} IN ('card', 'bank_transfer', 'other')`),
    check('payments_status_known', sql`${table.status} IN ('pending', 'succeeded', 'failed')`),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** A webhook event already handled, by provider and the provider's event id: one sent twice is handled once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** A bank statement file imported by an admin (camt.053 or CSV). */
export const bankStatements = pgTable('bank_statements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  format: text('format').$type<'camt053' | 'csv'>().notNull(),
  /** The statement's own id (camt.053 `Stmt/Id`) or the file's name. */
  reference: text('reference').notNull(),
  /** The account it is of (IBAN), when the file says. */
  account: text('account'),
  fileSha256: text('file_sha256').notNull(),
  lineCount: integer('line_count').notNull(),
  importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

export const BANK_LINE_STATES = ['matched', 'unmatched', 'assigned', 'ignored'] as const;
export type BankLineState = (typeof BANK_LINE_STATES)[number];

/**
 * One credit on a bank statement. `dedupe_key` (the bank's entry reference, or a digest of the line when the
 * file has none) is unique: a statement imported twice adds nothing.
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'restrict' }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    bookedOn: date('booked_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    counterparty: text('counterparty'),
    /** The remittance information as the bank gave it (structured reference or free text). */
    remittance: text('remittance'),
    state: text('state').$type<BankLineState>().notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('bank_lines_state_idx').on(table.state, table.bookedOn),
    index('bank_lines_statement_idx').on(table.statementId),
    check('bank_lines_state_known', sql`${table.state} IN ('matched', 'unmatched', 'assigned', 'ignored')`),
    check('bank_lines_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** A reminder sent for an order's unpaid invoice: stage 0 on the due date, then 7 and 14 days after; each once. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.stage] }),
    check('payment_reminders_stage_known', sql`${table.stage} IN (0, 7, 14)`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type BankStatementRow = typeof bankStatements.$inferSelect;
export type BankLineRow = typeof bankLines.$inferSelect;
