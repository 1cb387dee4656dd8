import { z } from 'zod';

/** A saved address as its owner sees it (the input shape is `addressSchema` in schemas.ts). */
export const savedAddressSchema = z
  .strictObject({
    id: z.number().int(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    postal_code: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.output<typeof savedAddressSchema>;

export const addressListSchema = z.array(savedAddressSchema);
