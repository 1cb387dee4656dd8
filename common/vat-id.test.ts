import { describe, expect, it } from 'vitest';
import { countryName } from './countries.ts';
import { normalVatId, taxTreatmentOf, vatIdProblem } from './vat-id.ts';

describe('VAT ID formats', () => {
  it('accepts each country’s shape, compact and upper-cased, with its prefix added when left out', () => {
    const cases: Array<[string, string, string]> = [
      ['AT', 'atu 12345678', 'ATU12345678'],
      ['BE', 'BE 0123.456.789', 'BE0123456789'],
      ['BG', '123456789', 'BG123456789'],
      ['CY', 'CY12345678X', 'CY12345678X'],
      ['CZ', 'CZ1234567890', 'CZ1234567890'],
      ['DE', 'de 123-456-789', 'DE123456789'],
      ['DK', 'DK 12 34 56 78', 'DK12345678'],
      ['EE', 'EE123456789', 'EE123456789'],
      ['ES', 'ES X1234567X', 'ESX1234567X'],
      ['ES', 'B12345678', 'ESB12345678'],
      ['FI', 'FI12345678', 'FI12345678'],
      ['FR', 'FR AB 123456789', 'FRAB123456789'],
      ['FR', '12345678901', 'FR12345678901'],
      ['GR', 'EL123456789', 'EL123456789'],
      ['GR', 'GR123456789', 'EL123456789'],
      ['GR', '123456789', 'EL123456789'],
      ['HR', 'HR12345678901', 'HR12345678901'],
      ['HU', 'HU12345678', 'HU12345678'],
      ['IE', 'IE1234567WA', 'IE1234567WA'],
      ['IE', 'IE1A23456B', 'IE1A23456B'],
      ['IT', 'IT12345678901', 'IT12345678901'],
      ['LT', 'LT123456789012', 'LT123456789012'],
      ['LU', 'LU12345678', 'LU12345678'],
      ['LV', 'LV12345678901', 'LV12345678901'],
      ['MT', 'MT12345678', 'MT12345678'],
      ['NL', 'nl123456789b01', 'NL123456789B01'],
      ['PL', 'PL 123-456-78-90', 'PL1234567890'],
      ['PT', 'PT123456789', 'PT123456789'],
      ['RO', 'RO 12', 'RO12'],
      ['SE', 'SE123456789001', 'SE123456789001'],
      ['SI', 'SI12345678', 'SI12345678'],
      ['SK', 'SK1234567890', 'SK1234567890'],
      ['GB', 'GB 123 4567 89', 'GB123456789'],
      ['GB', 'GB123456789012', 'GB123456789012'],
      ['GB', 'GBGD123', 'GBGD123'],
      ['CH', 'CHE-123.456.789 MWST', 'CHE123456789MWST'],
      ['NO', 'NO 123456789 MVA', 'NO123456789MVA'],
      ['US', '12-3456789', '123456789'],
    ];
    for (const [country, typed, stored] of cases) {
      expect(normalVatId(typed, country), `${country} ${typed}`).toBe(stored);
      expect(vatIdProblem(typed, country, countryName(country))).toBeUndefined();
    }
  });

  it('refuses what does not fit, naming the format the country expects', () => {
    const cases: Array<[string, string]> = [
      ['DE', 'DE12345678'],
      ['DE', 'FR123456789'],
      ['AT', 'AT12345678'],
      ['BE', 'BE2123456789'],
      ['GR', 'EL12345678'],
      ['FR', 'FRIO123456789'],
      ['NL', 'NL123456789A01'],
      ['SE', 'SE123456789012'],
      ['IE', 'IE1234567'],
      ['GB', 'GB12345678'],
      ['ES', 'ES12345678'],
      ['RO', 'RO0123'],
      ['US', 'A!'],
      ['DE', ''],
    ];
    for (const [country, typed] of cases) {
      expect(normalVatId(typed, country), `${country} ${typed}`).toBeUndefined();
      expect(vatIdProblem(typed, country, countryName(country))).toBeTruthy();
    }
    expect(vatIdProblem('DE12', 'DE', 'Germany')).toBe(
      'A VAT ID from Germany is DE followed by 9 digits, for example DE123456789.',
    );
    expect(vatIdProblem('EL1', 'GR', 'Greece')).toBe(
      'A VAT ID from Greece is EL followed by 9 digits, for example EL123456789.',
    );
    expect(vatIdProblem('A!', 'US', 'United States')).toBe(
      'Enter the tax number with letters and digits only (4 to 20 of them).',
    );
  });
});

describe('the reverse charge', () => {
  const buyer = (countryCode: string, vatId: string | null) => ({ countryCode, vatId });

  it('applies only to an EU seller’s business buyer in another member state with a well-formed VAT ID', () => {
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), 'FR')).toBe('reverse_charge');
    expect(taxTreatmentOf('IE', buyer('GR', 'EL123456789'), 'GR')).toBe('reverse_charge');
    // The same country: VAT as usual.
    expect(taxTreatmentOf('DE', buyer('DE', 'DE123456789'), 'DE')).toBe('standard');
    // Outside the EU, on either side.
    expect(taxTreatmentOf('DE', buyer('GB', 'GB123456789'), 'GB')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('CH', 'CHE123456789'), 'CH')).toBe('standard');
    expect(taxTreatmentOf('US', buyer('FR', 'FR12345678901'), 'FR')).toBe('standard');
    expect(taxTreatmentOf('GB', buyer('FR', 'FR12345678901'), 'FR')).toBe('standard');
    // Malformed, of another country, or none: taxed as a person's order.
    expect(taxTreatmentOf('DE', buyer('FR', 'FR1234'), 'FR')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('FR', 'IT12345678901'), 'FR')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('FR', null), 'FR')).toBe('standard');
    expect(taxTreatmentOf('DE', null, 'FR')).toBe('standard');
  });

  it('needs the goods to go from the seller’s member state to another one', () => {
    // Shipped within the seller's own state, or out of the EU: no intra-Community supply.
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), 'DE')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), 'CH')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), 'US')).toBe('standard');
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), undefined)).toBe('standard');
    // To another member state than the VAT ID's: still exempt (identified in a state other than the dispatch's).
    expect(taxTreatmentOf('DE', buyer('FR', 'FR12345678901'), 'BE')).toBe('reverse_charge');
  });
});
