import { asc, count, eq, sql } from 'drizzle-orm';
import { countryName } from '../../../common/countries.ts';
import { BILLING_MESSAGES as M } from '../../../common/messages/billing.ts';
import { centsToPrice } from '../../../common/money.ts';
import { bpToPercent } from '../../../common/tax-rate.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { countryRates, type ShippingZoneRow, shippingZones } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import type { CountryRate, ShippingRates, ShippingZone } from './responses.ts';
import type { CountryRateInput, NewZone, ZoneChanges } from './schemas.ts';

const auditedZone = (row: ShippingZoneRow) => ({
  name: row.name,
  rate_cents: row.rateCents,
  is_default: row.isDefault,
});

async function countriesIn(db: Db | Tx, zoneId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(countryRates).where(eq(countryRates.zoneId, zoneId));
  return row?.value ?? 0;
}

function toZone(row: ShippingZoneRow, countries: number): ShippingZone {
  return {
    id: row.id,
    name: row.name,
    rate: centsToPrice(row.rateCents),
    is_default: row.isDefault,
    countries,
  };
}

/** Every zone (the default first, then by name) and every listed country (by English name). */
export async function listRates(db: Db): Promise<ShippingRates> {
  const [zones, countries] = await Promise.all([
    db.select().from(shippingZones).orderBy(sql`${shippingZones.isDefault} desc`, asc(shippingZones.name)),
    db
      .select({
        country: countryRates.country,
        zoneId: countryRates.zoneId,
        taxRateBp: countryRates.taxRateBp,
      })
      .from(countryRates),
  ]);
  const nameOf = new Map(zones.map((zone) => [zone.id, zone.name]));
  const views = countries.map(
    (row): CountryRate => ({
      country: row.country,
      name: countryName(row.country),
      zone_id: row.zoneId,
      zone: nameOf.get(row.zoneId) ?? '',
      tax_rate: bpToPercent(row.taxRateBp),
    }),
  );
  views.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    zones: zones.map((zone) => toZone(zone, countries.filter((row) => row.zoneId === zone.id).length)),
    countries: views,
  };
}

/** A taken name answers 409 rather than the database's error. */
async function namedUniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', M.zoneNameTaken, { name: [M.zoneNameTaken] });
    throw error;
  }
}

export function createZone(db: Db, actor: Actor, input: NewZone): Promise<ShippingZone> {
  return namedUniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shippingZones)
        .values({ name: input.name, rateCents: input.rate })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'shipping_zone.create',
        targetType: 'shipping_zone',
        targetId: row.id,
        after: auditedZone(row),
      });
      return toZone(row, 0);
    }),
  );
}

async function lockedZone(tx: Tx, id: number): Promise<ShippingZoneRow> {
  const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
  if (!row) throw new AppError('not_found', M.zoneNotFound);
  return row;
}

/** Renames or re-rates a zone, or makes it the default (the old default stops being one in the same step). */
export function updateZone(db: Db, actor: Actor, id: number, changes: ZoneChanges): Promise<ShippingZone> {
  return namedUniquely(() =>
    db.transaction(async (tx) => {
      const before = await lockedZone(tx, id);
      if (changes.default && !before.isDefault) {
        // One default at a time (a unique index): the old one gives it up first.
        await tx
          .update(shippingZones)
          .set({ isDefault: false, updatedAt: sql`now()` })
          .where(eq(shippingZones.isDefault, true));
      }
      const [after] = await tx
        .update(shippingZones)
        .set({
          name: changes.name ?? before.name,
          rateCents: changes.rate ?? before.rateCents,
          isDefault: changes.default ?? before.isDefault,
          updatedAt: sql`now()`,
        })
        .where(eq(shippingZones.id, id))
        .returning();
      if (!after) throw new AppError('not_found', M.zoneNotFound);
      await recordAudit(tx, actor, {
        action: 'shipping_zone.update',
        targetType: 'shipping_zone',
        targetId: id,
        before: auditedZone(before),
        after: auditedZone(after),
      });
      return toZone(after, await countriesIn(tx, id));
    }),
  );
}

/** Deletes a zone no country ships in; the default zone stays (it prices every country not listed). */
export async function deleteZone(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const zone = await lockedZone(tx, id);
    if (zone.isDefault) throw new AppError('conflict', M.zoneIsDefault);
    const countries = await countriesIn(tx, id);
    if (countries > 0) throw new AppError('conflict', M.zoneInUse(countries));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordAudit(tx, actor, {
      action: 'shipping_zone.delete',
      targetType: 'shipping_zone',
      targetId: id,
      before: auditedZone(zone),
    });
  });
}

/** Lists a country (or changes it): its zone and its tax rate. */
export async function setCountryRate(
  db: Db,
  actor: Actor,
  country: string,
  input: CountryRateInput,
): Promise<CountryRate> {
  return db.transaction(async (tx) => {
    // Locked so the zone cannot be deleted between this check and the write.
    const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, input.zone)).for('share');
    if (!zone) throw new AppError('bad_request', M.countryZone, { zone: [M.countryZone] });
    const [before] = await tx.select().from(countryRates).where(eq(countryRates.country, country));
    await tx
      .insert(countryRates)
      .values({ country, zoneId: zone.id, taxRateBp: input.tax_rate })
      .onConflictDoUpdate({
        target: countryRates.country,
        set: { zoneId: zone.id, taxRateBp: input.tax_rate, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: before ? 'country_rate.update' : 'country_rate.create',
      targetType: 'country_rate',
      targetId: country,
      before: before ? { zone_id: before.zoneId, tax_rate_bp: before.taxRateBp } : undefined,
      after: { zone_id: zone.id, zone: zone.name, tax_rate_bp: input.tax_rate },
    });
    return {
      country,
      name: countryName(country),
      zone_id: zone.id,
      zone: zone.name,
      tax_rate: bpToPercent(input.tax_rate),
    };
  });
}

/** Unlists a country: it ships at the default zone's rate with no tax again. */
export async function removeCountryRate(db: Db, actor: Actor, country: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(countryRates).where(eq(countryRates.country, country)).returning();
    if (!before) throw new AppError('not_found', M.countryNotFound);
    await recordAudit(tx, actor, {
      action: 'country_rate.delete',
      targetType: 'country_rate',
      targetId: country,
      before: { zone_id: before.zoneId, tax_rate_bp: before.taxRateBp },
    });
  });
}
