import { z } from 'zod';
import { priceToCents } from '../../../common/money.ts';
import { pageNumber, SEARCH_TOO_LONG } from '../paging.ts';

export const CARDS_PAGE_SIZE = 8;

/** Query strings repeat keys as arrays; only a single value is meaningful here. */
const single = z.string().max(200, 'Too long.');

export const cardsQuerySchema = z.object({ page: pageNumber.default(1) });

const AMOUNT = 'Enter an amount like 19 or 19.99.';

/**
 * Reads a price string ("19", "19.9", "19.99") as whole cents with common/money's one reading of a price, no
 * larger than `maxCents`; anything else is `message`.
 */
export function priceInCents(message: string, maxCents: number) {
  return (value: string, ctx: z.RefinementCtx<string>): number => {
    const cents = priceToCents(value);
    if (cents !== undefined && cents <= maxCents) return cents;
    ctx.addIssue(message);
    return z.NEVER;
  };
}

/** An amount of dollars to filter by, as whole cents (up to 9999999.99). */
const money = z.string().trim().max(20, AMOUNT).transform(priceInCents(AMOUNT, 999_999_999));

const productOrderings = ['price', '-price', 'name', '-name', 'created', '-created'] as const;

export const productsQuerySchema = z
  .object({
    page: pageNumber.default(1),
    search: single.trim().max(100, SEARCH_TOO_LONG).optional(),
    category: single.trim().max(60, 'Category is at most 60 characters.').optional(),
    min_price: money.optional(),
    max_price: money.optional(),
    ordering: z
      .enum(productOrderings, { error: `Ordering is one of ${productOrderings.join(', ')}.` })
      .optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'min_price must not be above max_price.',
    path: ['min_price'],
  });

export type ProductsQuery = z.output<typeof productsQuerySchema>;

export const slugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/);
