import { z } from 'zod';
import { REQUIRED } from '../accounts/schemas.ts';

export const MAX_ADDRESSES = 20;

const text = (max: number, label: string) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);

export const addressSchema = z.object({
  address: text(200, 'Address'),
  city: text(100, 'City'),
  state: z.string().trim().max(100, 'State is at most 100 characters.').optional().default(''),
  country: text(100, 'Country'),
  postal_code: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{3,10}$/, 'Postal code is 3 to 10 digits.'),
});

export type AddressInput = z.output<typeof addressSchema>;
