import { COUNTRY_CODES, COUNTRY_NAMES, type CountryCode, countryKey } from './countries.ts';
import { LOCAL_COUNTRY_NAMES } from './country-local-names.ts';
import { COUNTRY_ALIASES } from './country-match.ts';

/** A country offered for what was typed; `also` is the other name it was found by ("Deutschland", "UK"). */
interface CountryOption {
  code: CountryCode;
  name: string;
  also?: string;
}

interface Spelling {
  key: string;
  code: CountryCode;
  text: string;
}

let spellings: Spelling[] | undefined;

/** Every name a country is found by, built on first use (only the address forms ever search). */
function allSpellings(): Spelling[] {
  if (spellings) return spellings;
  const list: Spelling[] = [];
  const add = (code: string, texts: readonly string[]) => {
    for (const text of texts) list.push({ key: countryKey(text), code: code as CountryCode, text });
  };
  for (const code of COUNTRY_CODES) add(code, [COUNTRY_NAMES[code]]);
  for (const [code, names] of Object.entries(LOCAL_COUNTRY_NAMES)) add(code, names);
  for (const [code, names] of Object.entries(COUNTRY_ALIASES)) add(code, names);
  spellings = list;
  return list;
}

/** 0 is the best fit: the whole name, then its start, then a word's start, then anywhere in it. */
function fitOf(key: string, query: string): number | undefined {
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  if (key.includes(` ${query}`)) return 2;
  if (key.includes(query)) return 3;
  return undefined;
}

/**
 * The countries a typed query finds, best first, then by English name: by code ("de"), English name, local
 * name or alias, whatever the case, accents or invisible characters (the matcher's own `countryKey`). An
 * empty query lists every country.
 */
export function searchCountries(query: string): CountryOption[] {
  const wanted = countryKey(query);
  if (wanted === '') return COUNTRY_CODES.map((code) => ({ code, name: COUNTRY_NAMES[code] }));
  const best = new Map<CountryCode, { score: number; text: string }>();
  for (const spelling of allSpellings()) {
    const score = spelling.code.toLowerCase() === wanted ? 0 : fitOf(spelling.key, wanted);
    if (score === undefined) continue;
    const seen = best.get(spelling.code);
    if (!seen || score < seen.score) best.set(spelling.code, { score, text: spelling.text });
  }
  const order = new Map(COUNTRY_CODES.map((code, index) => [code, index]));
  return [...best.entries()]
    .sort(([a, x], [b, y]) => x.score - y.score || (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .map(([code, { text }]) => {
      const name = COUNTRY_NAMES[code];
      return text === name || text.toUpperCase() === code ? { code, name } : { code, name, also: text };
    });
}
