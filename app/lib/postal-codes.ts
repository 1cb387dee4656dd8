import { countryCodeOf } from '../../common/country-match';

/**
 * Countries whose postal codes are digits only, with no space or dash (Germany's "10115", India's
 * "110001"): for them a phone may offer its number pad. Every other country — and any country we do not
 * recognise — gets the full keyboard, since a number pad cannot type "SW1A 1AA", "K1A 0B1" or "1234-567"
 * (decision 014). The country is recognised by code, English name, alias or its own name (common/country-match).
 */
const DIGITS_ONLY = new Set<string>([
  'AT',
  'AU',
  'BE',
  'BG',
  'CH',
  'CN',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'ID',
  'IN',
  'IT',
  'MX',
  'MY',
  'NO',
  'NZ',
  'RO',
  'SI',
  'SG',
  'TH',
  'TR',
  'UA',
  'VN',
  'ZA',
]);

/** The keyboard to offer for the postal code: the number pad only where the country's codes are digits. */
export function postalCodeInputMode(country: string): 'numeric' | 'text' {
  const code = countryCodeOf(country);
  return code && DIGITS_ONLY.has(code) ? 'numeric' : 'text';
}
