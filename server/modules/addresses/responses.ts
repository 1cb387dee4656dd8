import { z } from 'zod';

/** A saved address as its owner sees it (the input shape is `addressSchema` in schemas.ts). */
export const savedAddressSchema = z
  .strictObject({
    id: z.number().int(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    country: z
      .string()
      .describe('The country’s English name (what was typed, for an address whose country is not known).'),
    country_code: z
      .string()
      .nullable()
      .describe(
        'ISO 3166-1 alpha-2. Null for an address saved before countries were chosen from a list whose text named no country: it cannot be ordered to until its country is chosen (PUT it with `country_code`).',
      ),
    postal_code: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.output<typeof savedAddressSchema>;

export const addressListSchema = z.array(savedAddressSchema);
