import { z } from 'zod';
import { type CountryCode, isCountryCode, plainText } from '../../../common/countries.ts';
import { countryCodeOf } from '../../../common/country-match.ts';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { ADDRESS_MESSAGES as M } from '../../../common/messages/addresses.ts';
import { REQUIRED } from '../../../common/messages/forms.ts';
import { postalCodeProblem } from '../../../common/postal-codes.ts';

export const MAX_ADDRESSES = 20;
const POSTAL_CODE_MAX = 40;

const text = (max: number, label: string) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);

/** Postal codes as the world writes them, in the one form they are stored in (decision 014). */
function normalisePostalCode(value: string): string {
  // Only a–z are upper-cased: toUpperCase() would turn "ß" into "SS" and pass a letter the rule refuses.
  return value
    .trim()
    .replace(/ {2,}/g, ' ')
    .replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

const countryText = (description: string) =>
  z
    .string({ error: M.countryUnknown })
    .max(
      ADDRESS_FIELD_MAX_LENGTH.country,
      `Country is at most ${ADDRESS_FIELD_MAX_LENGTH.country} characters.`,
    )
    .optional()
    .meta({ description });

const fields = z.strictObject({
  address: text(ADDRESS_FIELD_MAX_LENGTH.address, 'Address'),
  city: text(ADDRESS_FIELD_MAX_LENGTH.city, 'City'),
  state: z
    .string()
    .trim()
    .max(ADDRESS_FIELD_MAX_LENGTH.state, `State is at most ${ADDRESS_FIELD_MAX_LENGTH.state} characters.`)
    .optional()
    .default(''),
  country: countryText(
    'The country: its ISO 3166-1 alpha-2 code, its English name, its own name or a common alias ("DE", "Germany", "Deutschland"; "UK", "USA", "Holland"). Anything else is refused. Answered as the English name.',
  ),
  country_code: countryText(
    'The ISO 3166-1 alpha-2 code of the country ("GB"), as the address form chooses it; when `country` is sent too, both must name the same country.',
  ),
  postal_code: z
    .string({ error: REQUIRED })
    // No postal code anywhere is this long; refused before any work on it.
    .max(POSTAL_CODE_MAX, M.postalCodeAnywhere)
    .optional()
    .default('')
    .transform(normalisePostalCode)
    .meta({
      description:
        'As written in the country (a UK address "SW1A 1AA", a US one "94103" or "94103-1234"); empty where the country has none (Hong Kong) or may be left out (Ireland). Trimmed, inner spaces collapsed, letters stored upper-cased.',
      examples: ['SW1A 1AA', 'K1A 0B1', '10115', '1234-567'],
    }),
});

type Fields = z.output<typeof fields>;

/** The country the address names, or the reason it names none (each with the field it belongs to). */
function countryOf(input: Fields): { code: CountryCode } | { field: string; message: string } {
  const typed = input.country === undefined ? '' : plainText(input.country);
  const chosen = input.country_code === undefined ? '' : plainText(input.country_code).toUpperCase();
  const fromName = typed === '' ? undefined : countryCodeOf(typed);
  if (typed !== '' && !fromName) return { field: 'country', message: M.countryUnknown };
  if (chosen !== '' && !isCountryCode(chosen)) return { field: 'country_code', message: M.countryUnknown };
  const fromCode = chosen === '' ? undefined : (chosen as CountryCode);
  if (fromName && fromCode && fromName !== fromCode) return { field: 'country', message: M.countryMismatch };
  const code = fromCode ?? fromName;
  return code ? { code } : { field: 'country', message: REQUIRED };
}

/**
 * An address as the API takes it (spec section 3) and the forms send it: the country is a code from the list
 * or a name the matcher recognises, never free text (issue 32); the postal code fits the country.
 */
export const addressSchema = fields
  .superRefine((input, ctx) => {
    // Runs after field errors too (so the form shows them all at once), with those fields as sent.
    const sent = [input.country, input.country_code, input.postal_code];
    if (sent.some((value) => value !== undefined && typeof value !== 'string')) return;
    const country = countryOf(input);
    if (!('code' in country)) {
      ctx.addIssue({ code: 'custom', path: [country.field], message: country.message });
      return;
    }
    if (input.postal_code.length > POSTAL_CODE_MAX) return;
    const problem = postalCodeProblem(country.code, input.postal_code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: problem });
  })
  .transform((input) => {
    const country = countryOf(input);
    if (!('code' in country)) throw new Error('refused above');
    return {
      address: input.address,
      city: input.city,
      state: input.state,
      countryCode: country.code,
      postalCode: input.postal_code,
    };
  });

export type AddressInput = z.output<typeof addressSchema>;
