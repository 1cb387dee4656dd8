import { type CountryCode, countryName } from './countries.ts';
import { ADDRESS_MESSAGES as M } from './messages/addresses.ts';

/**
 * Postal codes by country, after the normalising of decision 014 (trimmed, one space at most between parts,
 * a–z upper-cased). Only the countries the shop lists rates for and a few common others have a format here;
 * every other country keeps decision 014's rule (2–10 letters, digits, spaces or dashes).
 */
interface PostalFormat {
  pattern: RegExp;
  example: string;
  /** May be left empty: the post delivers without it (Ireland's Eircode). */
  optional?: true;
}

const digits = (count: number, example: string): PostalFormat => ({
  pattern: new RegExp(`^\\d{${count}}$`),
  example,
});

const FORMATS: Partial<Record<CountryCode, PostalFormat>> = {
  AT: digits(4, '1010'),
  AU: digits(4, '2000'),
  BE: digits(4, '1000'),
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
  CH: digits(4, '8001'),
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  DE: digits(5, '10115'),
  DK: digits(4, '1050'),
  ES: digits(5, '28013'),
  FI: digits(5, '00100'),
  FR: digits(5, '75001'),
  GB: { pattern: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, example: 'SW1A 1AA' },
  GR: { pattern: /^\d{3} ?\d{2}$/, example: '105 57' },
  IE: { pattern: /^[A-Z]\d[\dW] ?[\dA-Z]{4}$/, example: 'D02 X285', optional: true },
  IN: digits(6, '110001'),
  IT: digits(5, '00184'),
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  MX: digits(5, '06600'),
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
  NO: digits(4, '0150'),
  NZ: digits(4, '6011'),
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 23' },
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: '94103' },
};

/** Countries whose post uses no postal codes at all: an address there has none. */
const WITHOUT_POSTAL_CODES = new Set<CountryCode>([
  'AE',
  'AG',
  'AO',
  'AW',
  'BF',
  'BI',
  'BJ',
  'BO',
  'BS',
  'BW',
  'BZ',
  'CD',
  'CF',
  'CG',
  'CI',
  'CK',
  'CM',
  'CW',
  'DJ',
  'DM',
  'ER',
  'FJ',
  'GA',
  'GD',
  'GM',
  'GQ',
  'GY',
  'HK',
  'KI',
  'KM',
  'KN',
  'KP',
  'ML',
  'MO',
  'MR',
  'MW',
  'NR',
  'NU',
  'QA',
  'RW',
  'SB',
  'SC',
  'SL',
  'SR',
  'ST',
  'SX',
  'SY',
  'TD',
  'TG',
  'TK',
  'TL',
  'TO',
  'TV',
  'UG',
  'VU',
  'YE',
  'ZW',
]);

/** Decision 014's rule, for a country without a format of its own here. */
const ANY_COUNTRY = /^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/;

/** Whether an address in the country has a postal code: "none" (Hong Kong), "optional" (Ireland) or "required". */
export function postalCodeNeed(country: CountryCode): 'none' | 'optional' | 'required' {
  if (WITHOUT_POSTAL_CODES.has(country)) return 'none';
  return FORMATS[country]?.optional ? 'optional' : 'required';
}

/** What is wrong with a normalised postal code for an address in the country, or undefined when nothing. */
export function postalCodeProblem(country: CountryCode, code: string): string | undefined {
  const need = postalCodeNeed(country);
  if (code === '') return need === 'required' ? M.postalCodeRequired : undefined;
  if (need === 'none') return M.noPostalCodes(countryName(country));
  const format = FORMATS[country];
  if (!format) return ANY_COUNTRY.test(code) ? undefined : M.postalCodeAnywhere;
  return format.pattern.test(code) ? undefined : M.postalCodeFor(countryName(country), format.example);
}
