import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { addresses } from './addresses.ts';
import { cards } from './catalog.ts';

export const ORDER_STATUSES = [
  'awaiting_proof',
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TAX_TREATMENTS = ['standard', 'reverse_charge'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What customers and the firm quote: random, so it tells nothing about the number of orders. */
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    /** What the customer pays: subtotal + shipping + tax, each snapshotted when the order was placed. */
    totalCents: integer('total_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** The shipping zone's name when the order was placed, as the invoice shows it. */
    shippingZone: text('shipping_zone'),
    taxCents: integer('tax_cents').notNull().default(0),
    /** Basis points: 2000 = 20 %. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    itemCount: integer('item_count').notNull(),
    /** The address the order ships to, copied: later edits or deletion of the address change nothing. */
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipCountry: text('ship_country').notNull(),
    /** The ISO code the order was taxed by; null only on orders placed before countries were chosen (issue 32). */
    shipCountryCode: text('ship_country_code'),
    shipPostalCode: text('ship_postal_code').notNull(),
    /** Buying for a company: its name, VAT ID and billing address, as the invoice prints them (null: a person). */
    billCompany: text('bill_company'),
    /** As typed, normalised (country prefix, no spaces): "DE123456789". */
    billVatId: text('bill_vat_id'),
    billAddress: text('bill_address'),
    billCity: text('bill_city'),
    billPostalCode: text('bill_postal_code'),
    billCountryCode: text('bill_country_code'),
    /** How the order was taxed: the country's rate, or none with the reverse charge (an EU business abroad). */
    taxTreatment: text('tax_treatment').$type<TaxTreatment>().notNull().default('standard'),
    /** When the invoice is due: its issue date plus the firm's payment terms; null until invoiced. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Sums of the order's succeeded payments and refunds (`payments`), kept by the ledger in its transaction. */
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** What its credit notes took back of the invoice (a cancellation's whole total, or a partial refund's part). */
    creditedCents: integer('credited_cents').notNull().default(0),
    /** Why an admin let it ship before it was paid (audited); null: shipping waits for payment. */
    shipUnpaidReason: text('ship_unpaid_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request that used the key: the same key with another order is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    index('orders_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_status_created_idx').on(table.status, table.createdAt, table.id),
    index('orders_due_idx').on(table.dueAt).where(sql`${table.dueAt} IS NOT NULL`),
    index('orders_number_trgm_idx').using('gin', table.number.op('gin_trgm_ops')),
    check(
      'orders_status_known',
      sql`${table.status} IN ('awaiting_proof', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`,
    ),
    check('orders_total_not_negative', sql`${table.totalCents} >= 0`),
    check('orders_tax_treatment_known', sql`${table.taxTreatment} IN ('standard', 'reverse_charge')`),
    check('orders_bill_country_code', sql`${table.billCountryCode} ~ '^[A-Z]{2}$'`),
    check(
      'orders_money_in_range',
      sql`${table.paidCents} >= 0 AND ${table.refundedCents} BETWEEN 0 AND ${table.paidCents} AND ${table.creditedCents} BETWEEN 0 AND ${table.totalCents}`,
    ),
    check('orders_ship_country_code', sql`${table.shipCountryCode} ~ '^[A-Z]{2}$'`),
    check(
      'orders_total_sums',
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.shippingCents} + ${table.taxCents}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    design: text('design').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    index('order_lines_card_idx').on(table.cardId),
    check('order_lines_quantity_range', sql`${table.quantity} BETWEEN 1 AND 99`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
