import { eq } from 'drizzle-orm';
import { countryCodeOf } from '../../../common/country-match.ts';
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
 * Shipping and tax for an order of `subtotalCents` to a country as typed in an address ("Ireland", "UK",
 * "DE"). A listed country ships at its zone's flat rate and pays its tax rate on the goods and the shipping
 * together, rounded half up to the cent; any other country (or text that names none) ships at the default
 * zone's rate with no tax (decision 025).
 */
export async function shippingAndTax(
  db: Db | Tx,
  country: string,
  subtotalCents: number,
): Promise<ShippingAndTax> {
  const code = countryCodeOf(country);
  const [listed] = code
    ? await db
        .select({
          zone: shippingZones.name,
          rateCents: shippingZones.rateCents,
          taxRateBp: countryRates.taxRateBp,
        })
        .from(countryRates)
        .innerJoin(shippingZones, eq(shippingZones.id, countryRates.zoneId))
        .where(eq(countryRates.country, code))
    : [];
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
