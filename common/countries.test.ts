import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, COUNTRY_NAMES, countryName } from './countries.ts';
import { countryCodeOf } from './country-match.ts';
import { searchCountries } from './country-search.ts';
import { bpToPercent, percentToBp, taxOnCents } from './tax-rate.ts';

describe('countries', () => {
  it('lists every ISO 3166-1 country once, by English name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES[0]).toBe('AF');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ZZ')).toBe('ZZ');
    // Every code is one the platform knows as a region.
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of Object.keys(COUNTRY_NAMES)) expect(names.of(code)).toBeTruthy();
  });

  it('recognises codes, English names, aliases and local names, whatever the case, accents or dots', () => {
    const cases: Array<[string, string]> = [
      ['de', 'DE'],
      [' GB ', 'GB'],
      ['UK', 'GB'],
      ['United Kingdom', 'GB'],
      ['Great Britain', 'GB'],
      ['United Kingdom of Great Britain and Northern Ireland', 'GB'],
      ['USA', 'US'],
      ['U.S.A.', 'US'],
      ['US', 'US'],
      ['United States', 'US'],
      ['united  states of america', 'US'],
      ['Ireland', 'IE'],
      ['Deutschland', 'DE'],
      ['Holland', 'NL'],
      ['Nederland', 'NL'],
      ['España', 'ES'],
      ['espana', 'ES'],
      ['Österreich', 'AT'],
      ['Turkey', 'TR'],
      ['Türkiye', 'TR'],
      ['Saint Lucia', 'LC'],
      ['St. Lucia', 'LC'],
      ['Bosnia and Herzegovina', 'BA'],
      ['Bosnia & Herzegovina', 'BA'],
      ['Côte d’Ivoire', 'CI'],
      ['México', 'MX'],
      // What a form or a script may carry besides the letters: compatibility forms, invisible characters.
      ['ＧＢ', 'GB'],
      ['United Kingdom\u200b', 'GB'],
      ['\ufeffDeutschland', 'DE'],
      ['Uni\u00adted\u2060 States', 'US'],
      ['united\u00a0kingdom', 'GB'],
      ['U\u200dK', 'GB'],
    ];
    for (const [text, code] of cases) expect(countryCodeOf(text), text).toBe(code);
  });

  it('answers nothing for what is not a country', () => {
    for (const text of [
      '',
      'Atlantis',
      'ZZ',
      'EU',
      'XK',
      'Europe',
      'constructor',
      '__proto__',
      'G B',
      'Mars',
      '\u200b',
      'United Kingdоm',
    ]) {
      expect(countryCodeOf(text), text).toBeUndefined();
    }
  });
});

describe('the country picker’s search', () => {
  it('finds a country by its own name, an alias, its code or a part of any, best fit first', () => {
    const first = (query: string) => searchCountries(query)[0];
    expect(first('Deutsch')).toEqual({ code: 'DE', name: 'Germany', also: 'Deutschland' });
    expect(first('uk')).toEqual({ code: 'GB', name: 'United Kingdom', also: 'UK' });
    expect(first('Great Britain')?.code).toBe('GB');
    expect(first('holl')).toEqual({ code: 'NL', name: 'Netherlands', also: 'Holland' });
    expect(first('USA')?.code).toBe('US');
    expect(first('España')).toEqual({ code: 'ES', name: 'Spain', also: 'España' });
    expect(first('de')?.code).toBe('DE');
    expect(first('ＧＢ')?.code).toBe('GB');
    expect(searchCountries('ireland').map((option) => option.code)).toEqual(['IE', 'GB']);
    expect(searchCountries('')).toHaveLength(249);
    expect(searchCountries('Atlantis')).toEqual([]);
    // A prefix is only offered: "Mars" lists the Marshall Islands, and is still no country by itself.
    expect(searchCountries('Mars').map((option) => option.code)).toEqual(['MH']);
  });
});

describe('tax rates', () => {
  it('reads a percentage with at most two decimals, from 0 to 100', () => {
    expect(percentToBp('20')).toBe(2000);
    expect(percentToBp('7.5')).toBe(750);
    expect(percentToBp(' 0.25 ')).toBe(25);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['100.01', '101', '-1', '7.125', '1e2', '', '.5', '20%', 'abc']) {
      expect(percentToBp(bad), bad).toBeUndefined();
    }
  });

  it('writes basis points as a short percentage', () => {
    expect(bpToPercent(2000)).toBe('20');
    expect(bpToPercent(750)).toBe('7.5');
    expect(bpToPercent(725)).toBe('7.25');
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent(0)).toBe('0');
  });

  it('rounds tax half up to the cent', () => {
    expect(taxOnCents(1000, 2000)).toBe(200);
    expect(taxOnCents(250, 1000)).toBe(25); // 25.0
    expect(taxOnCents(5, 1000)).toBe(1); // 0.5 → 1
    expect(taxOnCents(4, 1000)).toBe(0); // 0.4 → 0
    expect(taxOnCents(13438, 2300)).toBe(3091); // 3090.74
    expect(taxOnCents(1234, 0)).toBe(0);
  });
});
