import { z } from 'zod';
import { PRINT_FIELDS } from '../../../common/card-design/personalisation.ts';
import { linkedPageSchema, numberedPageSchema, type Page } from '../paging.ts';

/** A card as the API and the pages show it; `price` is dollars with two decimals, as a string. */
export const cardSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    price: z.string(),
    cover_image: z.string().nullable(),
    category: z.string(),
    description: z.string(),
    stock: z.number().int().nullable(),
    in_stock: z.boolean(),
    /** What a buyer may have printed on it; empty for a stock card. */
    personal_fields: z.array(z.enum(PRINT_FIELDS)),
    /** Cards in one unit: a Team Pack of 5 is one line with five printed cards. */
    pack_size: z.number().int(),
  })
  .meta({ id: 'Card' });
export type Card = z.output<typeof cardSchema>;

export type CardPage = Page<Card>;

/** `/api/cards/` and `/api/products/`. */
export const cardListSchema = linkedPageSchema(cardSchema).meta({ id: 'CardList' });

export const homeProductsSchema = z
  .strictObject({
    all_products: z.array(cardSchema),
    best_selling_products: z.array(cardSchema),
    latest_products: z.array(cardSchema),
  })
  .meta({ id: 'HomeProducts' });
export type HomeProducts = z.output<typeof homeProductsSchema>;

/** A card as the admin console edits it: active or not, with how many serials it has. */
export const adminCardSchema = cardSchema
  .extend({ active: z.boolean(), serial_count: z.number().int(), updated_at: z.iso.datetime() })
  .meta({ id: 'AdminCard' });
export type AdminCard = z.output<typeof adminCardSchema>;

/** `/api/admin/cards/`. */
export const adminCardPageSchema = numberedPageSchema(adminCardSchema).meta({ id: 'AdminCardPage' });
