import { eq } from 'drizzle-orm';
import type { CountryCode } from '../../../common/countries.ts';
import { taxOnCents } from '../../../common/tax-rate.ts';
import type { Db, Tx } from '../../db/client.ts';
import { countryRates, shippingZones } from '../../db/schema/index.ts';

/** What an order to a country adds to its subtotal, in cents. */
export interface ShippingAndTax {
  /** The shipping zone's name, snapshotted on the order. */
  zone: string;
  shippingCents: number;
  taxRateBp: number;
  taxCents: number;
}

/**
 * Shipping and tax for an order of `subtotalCents` to a country, by its ISO code: only a country the address
 * form chose or the API recognised has one, so no typed text reaches here (issue 32). A listed country ships
 * at its zone's flat rate and pays its tax rate on the goods and the shipping together, rounded half up to the
 * cent; any other country ships at the default zone's rate with no tax (decision 025).
 */
export async function shippingAndTax(
  db: Db | Tx,
  country: CountryCode,
  subtotalCents: number,
): Promise<ShippingAndTax> {
  const [listed] = await db
    .select({
      zone: shippingZones.name,
      rateCents: shippingZones.rateCents,
      taxRateBp: countryRates.taxRateBp,
    })
    .from(countryRates)
    .innerJoin(shippingZones, eq(shippingZones.id, countryRates.zoneId))
    .where(eq(countryRates.country, country));
  const zone =
    listed ??
    (await db
      .select({ zone: shippingZones.name, rateCents: shippingZones.rateCents })
      .from(shippingZones)
      .where(eq(shippingZones.isDefault, true))
      .then(([row]) => (row ? { ...row, taxRateBp: 0 } : undefined)));
  // The migration inserts a default zone and it cannot be deleted; without one, nothing is added.
  if (!zone) return { zone: '', shippingCents: 0, taxRateBp: 0, taxCents: 0 };
  return {
    zone: zone.zone,
    shippingCents: zone.rateCents,
    taxRateBp: zone.taxRateBp,
    taxCents: taxOnCents(subtotalCents + zone.rateCents, zone.taxRateBp),
  };
}
