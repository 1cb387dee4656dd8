import { and, eq, isNull } from 'drizzle-orm';
import { countryName } from '../../../common/countries.ts';
import { countryCodeOf } from '../../../common/country-match.ts';
import type { Db } from '../../db/client.ts';
import { addresses, orders } from '../../db/schema/index.ts';

/**
 * Migration 0020's data step, run at every start after the migrations (cheap once done: it reads only the
 * rows still without a code). Countries typed before they were chosen from a list are given their ISO code by
 * the same matcher the API uses, so "UK", "Deutschland" or "United Kingdom" with a zero-width space are read
 * as the browser and the API read them; in SQL it would be a second copy of the rules. An address nothing
 * matches keeps its text and no code: its owner is asked to choose at checkout. Placed orders get the code
 * beside their snapshot (their text, figures and tax stay as placed).
 */
export async function codeStoredCountries(db: Db): Promise<{ addresses: number; orders: number }> {
  const counts = { addresses: 0, orders: 0 };
  const typed = await db
    .selectDistinct({ country: addresses.country })
    .from(addresses)
    .where(isNull(addresses.countryCode));
  for (const { country } of typed) {
    const code = countryCodeOf(country);
    if (!code) continue;
    const changed = await db
      .update(addresses)
      .set({ countryCode: code, country: countryName(code) })
      .where(and(isNull(addresses.countryCode), eq(addresses.country, country)))
      .returning({ id: addresses.id });
    counts.addresses += changed.length;
  }
  const shipped = await db
    .selectDistinct({ country: orders.shipCountry })
    .from(orders)
    .where(isNull(orders.shipCountryCode));
  for (const { country } of shipped) {
    const code = countryCodeOf(country);
    if (!code) continue;
    const changed = await db
      .update(orders)
      .set({ shipCountryCode: code })
      .where(and(isNull(orders.shipCountryCode), eq(orders.shipCountry, country)))
      .returning({ id: orders.id });
    counts.orders += changed.length;
  }
  return counts;
}
