import { z } from 'zod';
import { MAX_PACK_SIZE, MAX_PRINTED_PER_ORDER } from '../../../common/card-design/personalisation.ts';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../common/limits.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { formId } from '../../http/id-param.ts';
import { INVALID_PAGE } from '../paging.ts';
import { printedCardSchema } from '../personalisation/schemas.ts';
import { billingCompanySchema } from './company-schema.ts';

const MAX_LINES = 50;
export const ORDERS_PAGE_SIZE = 10;

export const orderItemSchema = z.strictObject({
  card: formId('Unknown card.'),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(MIN_QUANTITY, ORDER_MESSAGES.quantity)
    .max(MAX_QUANTITY, ORDER_MESSAGES.quantity),
  design: z.string({ error: ORDER_MESSAGES.design }).trim().min(1, ORDER_MESSAGES.design).max(100),
  /** For a card that offers personalisation: one entry per card of the pack (a Team Pack of 5 has 5). */
  personalisation: z
    .array(printedCardSchema, { error: PERSONALISATION_MESSAGES.needsSomething })
    .min(1, PERSONALISATION_MESSAGES.needsSomething)
    .max(MAX_PACK_SIZE, PERSONALISATION_MESSAGES.tooMany)
    .optional(),
});

const itemsSchema = z
  .array(orderItemSchema, { error: ORDER_MESSAGES.emptyCart })
  .min(1, ORDER_MESSAGES.emptyCart)
  .max(MAX_LINES, ORDER_MESSAGES.tooManyLines);

/** The order payload of the spec: `address, items[{card, quantity, design}]`; anything else (a price) is refused. */
/** Each printed card is drawn and made into a print file when the order is placed: a bounded amount of work. */
const printedCardsBounded = (items: Array<{ personalisation?: unknown[] | undefined }>) =>
  items.reduce((sum, item) => sum + (item.personalisation?.length ?? 0), 0) <= MAX_PRINTED_PER_ORDER;

export const orderInputSchema = z.strictObject({
  address: formId(ORDER_MESSAGES.noAddress),
  items: itemsSchema.refine(printedCardsBounded, PERSONALISATION_MESSAGES.tooManyPrinted),
  company: billingCompanySchema.optional(),
});

/** A cart to price; with one of the signed-in user's addresses, its shipping and tax too. */
export const quoteInputSchema = z.strictObject({
  items: itemsSchema,
  address: formId(ORDER_MESSAGES.noAddress).optional(),
  company: billingCompanySchema.optional(),
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

/** Which drawing of a printed card: its front or its back. */
export const designSide = z.enum(['front.svg', 'back.svg']);

/** An order's number as newOrderNumber makes it ("NX-7K3M-9Q2P", Crockford base32): anything else names no order. */
export const orderNumberSchema = z
  .string()
  .regex(/^NX-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
  .describe('The order’s number, e.g. "NX-7K3M-9Q2P".');
