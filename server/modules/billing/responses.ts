import { z } from 'zod';

const price = z.string().describe('An amount in the shop’s currency with two decimals.');
const percent = z.string().describe('A percentage, e.g. "20" or "7.5".');

export const shippingZoneSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    rate: price,
    is_default: z.boolean().describe('Prices every country not listed.'),
    countries: z.number().int().describe('How many listed countries ship in this zone.'),
  })
  .meta({ id: 'ShippingZone' });
export type ShippingZone = z.output<typeof shippingZoneSchema>;

export const countryRateViewSchema = z
  .strictObject({
    country: z.string().describe('ISO 3166-1 alpha-2 code.'),
    name: z.string().describe('The English name.'),
    zone_id: z.number().int(),
    zone: z.string(),
    tax_rate: percent,
  })
  .meta({ id: 'CountryRate' });
export type CountryRate = z.output<typeof countryRateViewSchema>;

/** `/api/admin/shipping/`: every zone and every listed country. */
export const shippingRatesSchema = z
  .strictObject({ zones: z.array(shippingZoneSchema), countries: z.array(countryRateViewSchema) })
  .meta({ id: 'ShippingRates' });
export type ShippingRates = z.output<typeof shippingRatesSchema>;
