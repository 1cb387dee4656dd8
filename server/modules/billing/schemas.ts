import { z } from 'zod';
import { isCountryCode } from '../../../common/countries.ts';
import { BILLING_MESSAGES as M } from '../../../common/messages/billing.ts';
import { priceToCents } from '../../../common/money.ts';
import { percentToBp } from '../../../common/tax-rate.ts';
import { MAX_ID } from '../../http/id-param.ts';

/** The most a flat shipping rate may be: $10,000 (a typo's guard, far above any real rate). */
const MAX_RATE_CENTS = 1_000_000;

const zoneName = z.string({ error: M.zoneName }).trim().min(1, M.zoneName).max(60, M.zoneName);

/** Dollars as the form sends them ("4.90", or a number 4.9); cents after parsing. */
const rate = z
  .union([z.string().max(20, M.zoneRate), z.number()], { error: M.zoneRate })
  .transform((value, context) => {
    const cents = priceToCents(typeof value === 'number' ? String(value) : value.trim());
    if (cents === undefined || cents > MAX_RATE_CENTS) {
      context.addIssue({ code: 'custom', message: M.zoneRate });
      return z.NEVER;
    }
    return cents;
  });

export const newZoneSchema = z.strictObject({ name: zoneName, rate });

export const zoneChangesSchema = z.strictObject({
  name: zoneName.optional(),
  rate: rate.optional(),
  default: z.literal(true, { error: M.zoneDefault }).optional(),
});

/** A percentage string ("20", "7.5") as the form sends it; basis points after parsing. */
const taxRate = z
  .string({ error: M.taxRate })
  .max(20, M.taxRate)
  .transform((value, context) => {
    const bp = percentToBp(value);
    if (bp === undefined) {
      context.addIssue({ code: 'custom', message: M.taxRate });
      return z.NEVER;
    }
    return bp;
  });

export const countryRateSchema = z.strictObject({
  zone: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: M.countryZone }).int(M.countryZone).min(1, M.countryZone).max(MAX_ID, M.countryZone),
  ),
  tax_rate: taxRate,
});

/** A country code in a path: upper case of two letters ISO 3166-1 knows. */
export const countryParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode);

export type NewZone = z.output<typeof newZoneSchema>;
export type ZoneChanges = z.output<typeof zoneChangesSchema>;
export type CountryRateInput = z.output<typeof countryRateSchema>;
