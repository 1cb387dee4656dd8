import { z } from 'zod';
import { MAX_PACK_SIZE, PRINT_FIELDS, type PrintField } from '../../../common/card-design/personalisation.ts';
import { CARD_NOT_FOUND } from '../../../common/messages/catalog.ts';
import { compactCode, hasValidCheck, serialShape } from '../registry/serials/serial-code.ts';
import { priceInCents } from './schemas.ts';

/** A card's price is at most 999999.99. */
const MAX_CARD_PRICE_CENTS = 99_999_999;

export const CARD_FIELD_MESSAGES = {
  name: 'Enter a name (at most 120 characters).',
  slug: 'Use 1 to 120 lowercase letters, digits and dashes, not at either end.',
  sku: 'Use 3 to 40 capital letters, digits and dashes, not at either end.',
  skuLooksLikeSerial: 'This SKU reads as a serial number; add a dash or change a character.',
  price: 'Enter a price like 19 or 19.99.',
  category: 'Enter a design (at most 60 characters).',
  description: 'The description is at most 4000 characters.',
  stock: 'Stock is empty (not tracked) or a whole number from 0 to 1000000.',
  active: 'Active is true or false.',
  personalFields: `Personal fields are a comma-separated list of ${PRINT_FIELDS.join(', ')}, each at most once.`,
  packSize: `A pack holds 1 to ${MAX_PACK_SIZE} cards.`,
  slugTaken: 'Another card has this slug.',
  skuTaken: 'Another card has this SKU.',
  notFound: CARD_NOT_FOUND,
} as const;

const M = CARD_FIELD_MESSAGES;

/** The form's text fields, as strings (a multipart form or JSON of strings). */
const cardFieldsSchema = z.strictObject({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(120, M.name),
  slug: z
    .string({ error: M.slug })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/, M.slug),
  sku: z
    .string({ error: M.sku })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,38}[A-Z0-9]$/, M.sku)
    // The verify box takes serials and SKUs alike: a SKU that is also a valid serial could not be told apart.
    .refine((sku) => {
      const serial = serialShape(compactCode(sku));
      return !serial || !hasValidCheck(serial);
    }, M.skuLooksLikeSerial),
  price: z
    .string({ error: M.price })
    .trim()
    .max(20, M.price)
    .transform(priceInCents(M.price, MAX_CARD_PRICE_CENTS)),
  category: z.string({ error: M.category }).trim().min(1, M.category).max(60, M.category),
  description: z.string({ error: M.description }).trim().max(4000, M.description),
  stock: z
    .string({ error: M.stock })
    .trim()
    .regex(/^(\d{1,7})?$/, M.stock)
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || value <= 1_000_000, M.stock),
  active: z
    .enum(['true', 'false', 'on', 'off'], { error: M.active })
    .transform((value) => value === 'true' || value === 'on'),
  /** What a buyer may have printed, comma-separated ("" for a stock card); kept in PRINT_FIELDS order. */
  personal_fields: z
    .string({ error: M.personalFields })
    .trim()
    .max(200, M.personalFields)
    .transform((value) => (value === '' ? [] : value.split(',').map((field) => field.trim())))
    .refine(
      (fields) =>
        new Set(fields).size === fields.length &&
        fields.every((field) => (PRINT_FIELDS as readonly string[]).includes(field)),
      M.personalFields,
    )
    .transform((fields) => PRINT_FIELDS.filter((field) => fields.includes(field)) as PrintField[]),
  pack_size: z
    .string({ error: M.packSize })
    .trim()
    .regex(/^\d{1,2}$/, M.packSize)
    .transform(Number)
    .refine((size) => size >= 1 && size <= MAX_PACK_SIZE, M.packSize),
});

/** A new card: description, stock (untracked) and active (yes) may be left out. */
export const newCardSchema = z.preprocess(
  (input) =>
    input && typeof input === 'object'
      ? { description: '', stock: '', active: 'true', personal_fields: '', pack_size: '1', ...input }
      : input,
  cardFieldsSchema,
);
export type CardFields = z.output<typeof cardFieldsSchema>;
/** The new-card form as the API document shows it: the fields `newCardSchema` fills in may be left out. */
export const newCardFormFields = cardFieldsSchema.partial({
  description: true,
  stock: true,
  active: true,
  personal_fields: true,
  pack_size: true,
});
/** An edit sends only what changes. */
export const cardChangesSchema = cardFieldsSchema.partial();
export type CardChanges = z.output<typeof cardChangesSchema>;
