// VAT identification numbers: their shape per country (what the browser checks as the buyer types and the
// server decides by) and whether the EU's reverse charge applies to a business buyer (decision 064). Only the
// shape is checked, never whether the number is registered (no VIES look-up).

/** The EU's member states by ISO 3166-1 code (Greece's VAT prefix is EL, the code stays GR). */
const EU_MEMBER_STATES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

export const isEuMemberState = (country: string): boolean => EU_MEMBER_STATES.has(country);

interface VatFormat {
  /** What precedes the number: the country code, "EL" for Greece, "CHE" for Switzerland. */
  prefix: string;
  /** The rest after the prefix. */
  pattern: RegExp;
  /** The expected shape in words, for the message. */
  shape: string;
  example: string;
}

const digits = (count: string) => `${count} digits`;

/** EU formats as the European Commission's VIES lists them; GB, CH and NO as their tax offices print them. */
const FORMATS: Record<string, VatFormat> = {
  AT: { prefix: 'ATU', pattern: /^\d{8}$/, shape: digits('8'), example: 'ATU12345678' },
  BE: {
    prefix: 'BE',
    pattern: /^[01]\d{9}$/,
    shape: '10 digits starting with 0 or 1',
    example: 'BE0123456789',
  },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, shape: digits('9 or 10'), example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, shape: '8 digits and a letter', example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, shape: digits('8 to 10'), example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, shape: digits('9'), example: 'DE123456789' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, shape: digits('8'), example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, shape: digits('9'), example: 'EE123456789' },
  ES: {
    prefix: 'ES',
    pattern: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
    shape: '9 characters, the first and last may be letters',
    example: 'ESX1234567X',
  },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, shape: digits('8'), example: 'FI12345678' },
  FR: {
    prefix: 'FR',
    pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    shape: '2 letters or digits and 9 digits',
    example: 'FR12345678901',
  },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, shape: digits('9'), example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, shape: digits('11'), example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, shape: digits('8'), example: 'HU12345678' },
  IE: {
    prefix: 'IE',
    pattern: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape: '7 digits and 1 or 2 letters',
    example: 'IE1234567WA',
  },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, shape: digits('11'), example: 'IT12345678901' },
  LT: { prefix: 'LT', pattern: /^(?:\d{9}|\d{12})$/, shape: digits('9 or 12'), example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, shape: digits('8'), example: 'LU12345678' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, shape: digits('11'), example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, shape: digits('8'), example: 'MT12345678' },
  NL: {
    prefix: 'NL',
    pattern: /^\d{9}B\d{2}$/,
    shape: '9 digits, the letter B and 2 digits',
    example: 'NL123456789B01',
  },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, shape: digits('10'), example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, shape: digits('9'), example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, shape: digits('2 to 10'), example: 'RO12345678' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, shape: '12 digits ending in 01', example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, shape: digits('8'), example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, shape: digits('10'), example: 'SK1234567890' },
  GB: {
    prefix: 'GB',
    pattern: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
    shape: '9 or 12 digits',
    example: 'GB123456789',
  },
  CH: {
    prefix: 'CHE',
    pattern: /^\d{9}(?:MWST|TVA|IVA)?$/,
    shape: '9 digits, then MWST, TVA or IVA if you like',
    example: 'CHE123456789MWST',
  },
  NO: {
    prefix: 'NO',
    pattern: /^\d{9}(?:MVA)?$/,
    shape: '9 digits, then MVA if you like',
    example: 'NO123456789MVA',
  },
};

/** Any other country's tax number: letters and digits, as the buyer's tax office issued it. */
const OTHER = /^[0-9A-Z]{4,20}$/;

/** Spaces, dots and dashes dropped, upper-cased: "de 123.456-789" → "DE123456789". */
function compact(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * The VAT ID as stored and printed: compact, with its country's prefix (added when the buyer typed the number
 * alone); undefined when it does not have its country's shape.
 */
export function normalVatId(text: string, country: string): string | undefined {
  const id = compact(text);
  const format = FORMATS[country];
  if (!format) return OTHER.test(id) ? id : undefined;
  const rest = id.startsWith(format.prefix) ? id.slice(format.prefix.length) : id;
  // Greek numbers are often written with the ISO code: accepted, stored with EL.
  const greek = country === 'GR' && id.startsWith('GR') ? id.slice(2) : rest;
  return format.pattern.test(greek) ? `${format.prefix}${greek}` : undefined;
}

/** Why a VAT ID does not fit its country, naming the expected format; undefined when it fits. */
export function vatIdProblem(text: string, country: string, countryName: string): string | undefined {
  if (normalVatId(text, country) !== undefined) return undefined;
  const format = FORMATS[country];
  if (!format) return 'Enter the tax number with letters and digits only (4 to 20 of them).';
  return `A VAT ID from ${countryName} is ${format.prefix} followed by ${format.shape}, for example ${format.example}.`;
}

/** The example shown as the field's hint for a country, when its format is known. */
export const vatIdExample = (country: string): string | undefined => FORMATS[country]?.example;

export type TaxTreatment = 'standard' | 'reverse_charge';

/**
 * The exempt intra-Community supply of goods (Council Directive 2006/112/EC, art. 138): a seller established in
 * one EU member state selling goods to a business identified for VAT in another (a VAT ID of that state's
 * shape), the goods shipped from the seller's state to another member state, charges no VAT; the buyer accounts
 * for it where the goods arrive. Both the VAT ID's state and the destination must be EU and not the seller's
 * own; they need not be the same state (art. 138(1)(b) asks for an identification "other than that in which
 * the dispatch begins"). Anything else is taxed as the shop taxes any order.
 */
export function taxTreatmentOf(
  sellerCountry: string,
  buyer: { countryCode: string; vatId: string | null | undefined } | null | undefined,
  shipCountry: string | null | undefined,
): TaxTreatment {
  if (!buyer?.vatId || !shipCountry) return 'standard';
  const abroad = (country: string) => isEuMemberState(country) && country !== sellerCountry;
  const intraCommunity = isEuMemberState(sellerCountry) && abroad(buyer.countryCode) && abroad(shipCountry);
  return intraCommunity && normalVatId(buyer.vatId, buyer.countryCode) !== undefined
    ? 'reverse_charge'
    : 'standard';
}
