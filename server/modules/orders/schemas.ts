import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../common/limits.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { MAX_ID } from '../../http/id-param.ts';
import { INVALID_PAGE } from '../paging.ts';

const MAX_LINES = 50;
export const ORDERS_PAGE_SIZE = 10;

/** An id as a JSON number, or as a string of digits (forms send strings). */
const id = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );

export const orderItemSchema = z.strictObject({
  card: id('Unknown card.'),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(MIN_QUANTITY, ORDER_MESSAGES.quantity)
    .max(MAX_QUANTITY, ORDER_MESSAGES.quantity),
  design: z.string({ error: ORDER_MESSAGES.design }).trim().min(1, ORDER_MESSAGES.design).max(100),
});

const itemsSchema = z
  .array(orderItemSchema, { error: ORDER_MESSAGES.emptyCart })
  .min(1, ORDER_MESSAGES.emptyCart)
  .max(MAX_LINES, ORDER_MESSAGES.tooManyLines);

/** The order payload of the spec: `address, items[{card, quantity, design}]`; anything else (a price) is refused. */
export const orderInputSchema = z.strictObject({
  address: id(ORDER_MESSAGES.noAddress),
  items: itemsSchema,
});

/** A cart to price; with one of the signed-in user's addresses, its shipping and tax too. */
export const quoteInputSchema = z.strictObject({
  items: itemsSchema,
  address: id(ORDER_MESSAGES.noAddress).optional(),
});

export type OrderItemInput = z.output<typeof orderItemSchema>;
export type OrderInput = z.output<typeof orderInputSchema>;
export type QuoteInput = z.output<typeof quoteInputSchema>;

export const idempotencyKeySchema = z
  .string({ error: ORDER_MESSAGES.keyRequired })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, ORDER_MESSAGES.keyRequired);

export const ordersQuerySchema = z.object({
  page: z.preprocess(
    (value) => value ?? '1',
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/, INVALID_PAGE)
      .transform(Number),
  ),
});
