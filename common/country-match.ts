import { COUNTRY_NAMES, type CountryCode, countryKey, isCountryCode } from './countries.ts';
import { LOCAL_COUNTRY_NAMES } from './country-local-names.ts';

/** What people write for a country that is neither its code nor its English name. */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: [
    'UK',
    'Great Britain',
    'Britain',
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
    'United Kingdom of Great Britain and Northern Ireland',
  ],
  US: ['USA', 'United States of America', 'America', 'U.S.'],
  NL: ['Holland', 'The Netherlands'],
  CZ: ['Czech Republic'],
  KR: ['Korea', 'Republic of Korea'],
  RU: ['Russian Federation'],
  AE: ['UAE'],
  CI: ['Ivory Coast'],
  CD: ['DR Congo', 'Democratic Republic of the Congo'],
  CG: ['Republic of the Congo'],
  MK: ['Macedonia'],
  SZ: ['Swaziland'],
  MM: ['Myanmar', 'Burma'],
  HK: ['Hong Kong'],
  MO: ['Macao', 'Macau'],
  PS: ['Palestine'],
  VA: ['Vatican', 'Holy See'],
  BA: ['Bosnia'],
  TL: ['East Timor'],
  CV: ['Cabo Verde'],
  TR: ['Turkey'],
  IE: ['Eire', 'Éire', 'Republic of Ireland'],
};

const byKey = new Map<string, CountryCode>();
function add(code: string, names: readonly string[]) {
  if (!isCountryCode(code)) throw new Error(`Not a country code: ${code}`);
  for (const name of names) byKey.set(countryKey(name), code);
}
for (const [code, name] of Object.entries(COUNTRY_NAMES)) add(code, [name]);
for (const [code, names] of Object.entries(LOCAL_COUNTRY_NAMES)) add(code, names);
for (const [code, names] of Object.entries(COUNTRY_ALIASES)) add(code, names);

/**
 * The ISO code of a country as typed in an address: a code ("de", "GB"), an English name, a common alias
 * ("UK", "USA", "Holland") or the country's own name ("Deutschland"). Undefined when it is none of these;
 * the same answer on the server and in the browser (no platform data is consulted).
 */
export function countryCodeOf(text: string): CountryCode | undefined {
  const key = countryKey(text);
  const upper = key.toUpperCase();
  if (upper.length === 2 && isCountryCode(upper)) return upper;
  return byKey.get(key);
}
