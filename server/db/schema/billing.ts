import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { orders } from './orders.ts';

/**
 * A group of countries that ship at one flat rate per order (say "Domestic", "EU", "Rest of the world").
 * Exactly one is the default: it prices a country the firm has not listed.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    rateCents: integer('rate_cents').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipping_zones_one_default_idx').on(table.isDefault).where(sql`${table.isDefault}`),
    check('shipping_zones_rate_not_negative', sql`${table.rateCents} >= 0`),
  ],
);

/**
 * A country the firm ships to, by ISO 3166-1 alpha-2 code: its shipping zone and its tax rate in basis
 * points (2000 = 20 %). A country not listed ships at the default zone's rate with no tax.
 */
export const countryRates = pgTable(
  'country_rates',
  {
    country: text('country').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'restrict' }),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('country_rates_zone_idx').on(table.zoneId),
    check('country_rates_code', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('country_rates_tax_range', sql`${table.taxRateBp} BETWEEN 0 AND 10000`),
  ],
);

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The last number issued per kind and year: taken and raised in the transaction that issues a document. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind').$type<InvoiceKind>().notNull(),
    year: integer('year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.year] })],
);

/**
 * An issued invoice or credit note: numbered without gaps per kind and year, never changed once issued.
 * The PDF is kept as issued (the firm's details or the order could change later; the document must not).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** What the customer quotes, e.g. "INV-2026-0001" or "CN-2026-0001". */
    number: text('number').notNull().unique(),
    /** The invoice a credit note corrects (cancels whole, or in part for a refund). */
    creditsInvoiceId: integer('credits_invoice_id'),
    totalCents: integer('total_cents').notNull(),
    pdf: bytea('pdf').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_kind_year_seq_idx').on(table.kind, table.year, table.seq),
    // One invoice per order; credit notes as many as corrections (a cancellation, partial refunds).
    uniqueIndex('invoices_order_invoice_idx').on(table.orderId).where(sql`${table.kind} = 'invoice'`),
    index('invoices_order_idx').on(table.orderId, table.kind),
    check('invoices_kind_known', sql`${table.kind} IN ('invoice', 'credit_note')`),
    check('invoices_seq_positive', sql`${table.seq} > 0`),
  ],
);

export type ShippingZoneRow = typeof shippingZones.$inferSelect;
export type CountryRateRow = typeof countryRates.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
