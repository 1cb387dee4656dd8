import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/orders.ts';
import { linkedPageSchema, pageSchema } from '../../http/common-responses.ts';

const price = z.string().describe('Dollars with two decimals.');

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
    total: price,
    item_count: z.number().int(),
    orderable: z.boolean().describe('True when every line can be ordered as it is.'),
  })
  .meta({ id: 'Quote' });
export type Quote = z.output<typeof quoteSchema>;

export const orderLineSchema = z
  .strictObject({
    card: z.number().int().nullable(),
    name: z.string(),
    sku: z.string(),
    design: z.string(),
    unit_price: price,
    quantity: z.number().int(),
    line_total: price,
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.output<typeof orderLineSchema>;

/** An order as its owner sees it: numbers and snapshots, never live catalogue data. */
export const orderSchema = z
  .strictObject({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.iso.datetime(),
    total: price,
    item_count: z.number().int(),
    address: z.strictObject({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postal_code: z.string(),
    }),
    items: z.array(orderLineSchema),
  })
  .meta({ id: 'Order' });
export type Order = z.output<typeof orderSchema>;

export const orderPageSchema = pageSchema(orderSchema);
export type OrderPage = z.output<typeof orderPageSchema>;

/** `/api/orders/`. */
export const orderListSchema = linkedPageSchema(orderSchema).meta({ id: 'OrderList' });
export type OrderList = z.output<typeof orderListSchema>;
