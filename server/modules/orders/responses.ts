import { z } from 'zod';
import { WORK_QUEUES } from '../../../common/order-status.ts';
import { INVOICE_KINDS } from '../../db/schema/billing.ts';
import { ORDER_STATUSES, TAX_TREATMENTS } from '../../db/schema/orders.ts';
import { linkedPageSchema, numberedPageSchema, type Page } from '../paging.ts';
import { orderPaymentSchema, paymentEntrySchema } from '../payments/responses.ts';
import { printedDesignSchema, printFilesSchema } from '../personalisation/responses.ts';

const price = z.string().describe('An amount in the shop’s currency with two decimals.');

const taxTreatmentSchema = z
  .enum(TAX_TREATMENTS)
  .describe(
    '"reverse_charge": no VAT charged, an exempt intra-Community supply of goods (an EU business in another member state, the goods shipped to another member state; the buyer accounts for the VAT where they arrive); "standard" otherwise.',
  );

/** Who the invoice is made out to when buying for a company. */
const billingSchema = z
  .strictObject({
    company: z.string(),
    vat_id: z.string().nullable().describe('Compact, with its country prefix: "DE123456789".'),
    address: z.string(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
    country_code: z.string(),
  })
  .meta({ id: 'OrderBilling' });

/** What the cart and checkout show for a line: the server's name and price, and any problem. */
export const quotedLineSchema = z
  .strictObject({
    card: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    design: z.string(),
    cover_image: z.string().nullable(),
    unit_price: price,
    quantity: z.number().int(),
    line_total: price,
    problem: z.string().nullable(),
  })
  .meta({ id: 'QuotedLine' });
export type QuotedLine = z.output<typeof quotedLineSchema>;

export const quoteSchema = z
  .strictObject({
    items: z.array(quotedLineSchema),
    subtotal: price.describe('The lines that can be ordered, before shipping and tax.'),
    shipping: price.nullable().describe('Null without an address: shipping depends on the country.'),
    shipping_zone: z.string().nullable(),
    tax_rate: z.string().nullable().describe('A percentage, e.g. "20" or "7.5"; null without an address.'),
    tax: price.nullable().describe('On the subtotal and the shipping together; null without an address.'),
    total: price.describe('Subtotal, shipping and tax (the subtotal alone without an address).'),
    item_count: z.number().int(),
    orderable: z.boolean().describe('True when every line can be ordered as it is.'),
    tax_treatment: taxTreatmentSchema,
  })
  .meta({ id: 'Quote' });
export type Quote = z.output<typeof quoteSchema>;

const orderLineSchema = z
  .strictObject({
    card: z.number().int().nullable(),
    name: z.string(),
    sku: z.string(),
    design: z.string(),
    unit_price: price,
    quantity: z.number().int(),
    line_total: price,
    printed: z
      .array(printedDesignSchema)
      .describe('The printed cards of a personalised line; empty otherwise.'),
  })
  .meta({ id: 'OrderLine' });

/** An invoice or credit note issued for an order (its PDF is downloaded on its own). */
const orderDocumentSchema = z
  .strictObject({
    kind: z.enum(INVOICE_KINDS),
    number: z.string().describe('"INV-2026-0001" or "CN-2026-0001".'),
    issued_at: z.iso.datetime(),
    url: z
      .string()
      .describe('Where its owner downloads its PDF: /api/orders/{order}/documents/{number}.pdf.'),
  })
  .meta({ id: 'OrderDocument' });

/** An order as its owner sees it: numbers and snapshots, never live catalogue data. */
export const orderSchema = z
  .strictObject({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.iso.datetime(),
    subtotal: price,
    shipping: price,
    shipping_zone: z.string().nullable().describe('The shipping zone as named when the order was placed.'),
    tax_rate: z.string().describe('A percentage, e.g. "20" or "7.5".'),
    tax: price,
    total: price.describe('Subtotal, shipping and tax.'),
    item_count: z.number().int().describe('Units ordered: a Team Pack counts once.'),
    card_count: z.number().int().describe('Printed cards: a Team Pack of 5 counts 5.'),
    address: z.strictObject({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      country_code: z
        .string()
        .nullable()
        .describe(
          'ISO 3166-1 alpha-2, as the order was taxed; null on orders placed before countries were chosen.',
        ),
      postal_code: z.string(),
    }),
    billing: billingSchema.nullable().describe('The company the order was bought for; null for a person.'),
    tax_treatment: taxTreatmentSchema,
    items: z.array(orderLineSchema),
    invoices: z
      .array(orderDocumentSchema)
      .describe(
        'Its invoice, then its credit notes oldest first: one per refund that lowered the charge (one right after the invoice for a refund made before it) and one when it is cancelled. Each downloads from its own url.',
      ),
    print_files: printFilesSchema
      .nullable()
      .describe('A personalised order’s print files, made after the order; null without printed cards.'),
    card_payments: z
      .boolean()
      .describe(
        'Whether its owner is offered "Pay now" by card (POST /api/orders/{id}/pay/): the shop takes cards, the order is not cancelled and something is owed. Always false in the admin console’s views and mails.',
      ),
    payment: orderPaymentSchema.describe('What is charged, paid, refunded and owed, and by when.'),
  })
  .meta({ id: 'Order' });
export type Order = z.output<typeof orderSchema>;

export type OrderPage = Page<Order>;

/** `/api/orders/`. */
export const orderListSchema = linkedPageSchema(orderSchema).meta({ id: 'OrderList' });
export type OrderList = z.output<typeof orderListSchema>;

/** An order's customer as the admin console names them. */
const customerSchema = z
  .strictObject({ id: z.number().int(), email: z.string(), name: z.string() })
  .meta({ id: 'Customer' });

/** An order as the admin console lists it: every customer's, without its lines. */
export const adminOrderRowSchema = orderSchema
  .pick({
    id: true,
    number: true,
    status: true,
    created_at: true,
    total: true,
    item_count: true,
    card_count: true,
    payment: true,
  })
  .extend({
    customer: customerSchema,
    queue: z
      .enum(WORK_QUEUES)
      .nullable()
      .describe('The state in which the order waits for the firm; null when it waits for no one there.'),
    waiting_since: z.iso.datetime().nullable().describe('Since when it has waited in its queue.'),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.output<typeof adminOrderRowSchema>;

/** A step of an order's history: who moved it from one status to another, and why. */
const orderEventSchema = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    note: z.string(),
    by: z.string().nullable().describe("The admin's e-mail; null once that account is gone."),
    at: z.iso.datetime(),
  })
  .meta({ id: 'OrderEvent' });

/** A step of an order's story in words, for the firm: "Olive (admin) confirmed the order." */
const orderStorySchema = z
  .strictObject({
    at: z.iso.datetime(),
    says: z.string().describe('Who did what, in words.'),
    note: z.string().nullable().describe("The admin's note to the customer with a status change."),
  })
  .meta({ id: 'OrderStory' });
export type OrderStory = z.output<typeof orderStorySchema>;

export const adminOrderSchema = orderSchema
  .extend({
    customer: customerSchema,
    history: z.array(orderEventSchema),
    story: z
      .array(orderStorySchema)
      .describe('The order placed, its proofs sent and answered and its status changes, oldest first.'),
    next_statuses: z.array(z.enum(ORDER_STATUSES)).describe('The statuses it may move to now.'),
    payments: z.array(paymentEntrySchema).describe('Its payments and refunds, oldest first.'),
    ship_unpaid_reason: z
      .string()
      .nullable()
      .describe('Why an admin let it ship before it was paid; null: shipping waits for payment.'),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.output<typeof adminOrderSchema>;

/** `/api/admin/orders/`. */
export const adminOrderPageSchema = numberedPageSchema(adminOrderRowSchema).meta({ id: 'AdminOrderPage' });
