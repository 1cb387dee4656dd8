/**
 * The demo's shipping zones and tax rates for a firm in San Francisco (content/company.ts): flat rates per
 * order, and the standard VAT of a few European countries the firm sells to. US sales tax (by state and
 * county) and Canadian GST/HST are left out (decision 025): those countries are listed with no tax.
 * VAT rates as published at the time of writing; the firm checks them in /admin/shipping before going live.
 */
export const DEFAULT_ZONE = { name: 'Everywhere else', rateCents: 1990 };

export const demoZones = [
  { name: 'United States', rateCents: 490 },
  { name: 'Canada and Mexico', rateCents: 990 },
  { name: 'Europe', rateCents: 1490 },
] as const;

type ZoneName = (typeof demoZones)[number]['name'];

/** Country (ISO code), its zone and its tax rate in basis points. */
export const demoCountryRates: Array<[string, ZoneName, number]> = [
  ['US', 'United States', 0],
  ['CA', 'Canada and Mexico', 0],
  ['MX', 'Canada and Mexico', 0],
  ['AT', 'Europe', 2000],
  ['BE', 'Europe', 2100],
  ['CH', 'Europe', 810],
  ['DE', 'Europe', 1900],
  ['DK', 'Europe', 2500],
  ['ES', 'Europe', 2100],
  ['FR', 'Europe', 2000],
  ['GB', 'Europe', 2000],
  ['IE', 'Europe', 2300],
  ['IT', 'Europe', 2200],
  ['NL', 'Europe', 2100],
  ['NO', 'Europe', 2500],
  ['PL', 'Europe', 2300],
  ['PT', 'Europe', 2300],
  ['SE', 'Europe', 2500],
];
