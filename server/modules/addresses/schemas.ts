import { z } from 'zod';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { REQUIRED } from '../../../common/messages/forms.ts';

export const MAX_ADDRESSES = 20;

const text = (max: number, label: string) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);

const POSTAL_CODE_RULE = 'Enter a postal code of 2–10 letters, digits, spaces or dashes.';

/** Postal codes as the world writes them, in the one form they are stored in (decision 014). */
function normalisePostalCode(value: string): string {
  // Only a–z are upper-cased: toUpperCase() would turn "ß" into "SS" and pass a letter the rule refuses.
  return value
    .trim()
    .replace(/ {2,}/g, ' ')
    .replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * 2–10 of A–Z, 0–9, spaces and dashes after normalising ("sw1a  1aa" is stored as "SW1A 1AA"), beginning
 * and ending with a letter or digit. Letters are ASCII: postal codes are written in Latin letters everywhere.
 */
const postalCode = () =>
  z
    .string({ error: REQUIRED })
    .transform(normalisePostalCode)
    .pipe(
      z
        .string()
        .min(1, REQUIRED)
        .regex(/^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/, POSTAL_CODE_RULE),
    )
    .meta({
      description:
        'Letters, digits, spaces and dashes, 2–10 once trimmed; inner spaces are collapsed and letters stored upper-cased.',
      examples: ['SW1A 1AA', 'K1A 0B1', '10115', '1234-567'],
    });

export const addressSchema = z.strictObject({
  address: text(ADDRESS_FIELD_MAX_LENGTH.address, 'Address'),
  city: text(ADDRESS_FIELD_MAX_LENGTH.city, 'City'),
  state: z
    .string()
    .trim()
    .max(ADDRESS_FIELD_MAX_LENGTH.state, `State is at most ${ADDRESS_FIELD_MAX_LENGTH.state} characters.`)
    .optional()
    .default(''),
  country: text(ADDRESS_FIELD_MAX_LENGTH.country, 'Country'),
  postal_code: postalCode(),
});

export type AddressInput = z.output<typeof addressSchema>;
