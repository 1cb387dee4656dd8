import { and, eq, inArray, sql } from 'drizzle-orm';
import { cardCoverSvg } from '../../modules/catalog/cover-art.ts';
import { createMediaStore } from '../../storage/index.ts';
import type { Db } from '../client.ts';
import { appMeta, cards, countryRates, serials, shippingZones } from '../schema/index.ts';
import { demoCards } from './demo-cards.ts';
import { DEFAULT_ZONE, demoCountryRates, demoZones } from './demo-rates.ts';
import { demoSerials } from './demo-serials.ts';

const SEEDED_KEY = 'demo_catalog_seeded_at';

/**
 * Fills an empty installation with the demo catalogue, exactly once: the marker row is claimed in the
 * same transaction, so a restart (or a second process) never seeds again, even after cards are deleted.
 * Returns the number of cards added.
 */
export async function seedDemoCatalog(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const storage = createMediaStore(tx);
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    const rows = [];
    // Oldest first, one second apart, so "latest" has a stable, meaningful order.
    const start = Date.now() - demoCards.length * 1000;
    for (const [index, card] of demoCards.entries()) {
      const coverImage = await storage.put(
        `cards/${card.slug}`,
        'svg',
        cardCoverSvg(card.name, card.category),
      );
      rows.push({ ...card, coverImage, createdAt: new Date(start + index * 1000) });
    }
    await tx.insert(cards).values(rows);
    return rows.length;
  });
}

const SERIALS_SEEDED_KEY = 'demo_serials_seeded_at';

/**
 * Adds the demo serials once, also to an installation seeded before the registry existed. Serials whose
 * SKU is no longer in the catalogue are skipped. Returns the number added.
 */
export async function seedDemoSerials(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SERIALS_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    const skus = [...new Set(demoSerials.map((serial) => serial.sku))];
    const known = await tx
      .select({ id: cards.id, sku: cards.sku })
      .from(cards)
      .where(inArray(cards.sku, skus));
    const idOf = new Map(known.map((card) => [card.sku, card.id]));
    const rows = demoSerials.flatMap(({ serial, sku, status }) => {
      const cardId = idOf.get(sku);
      return cardId ? [{ serial, cardId, status }] : [];
    });
    if (rows.length > 0) await tx.insert(serials).values(rows).onConflictDoNothing();
    return rows.length;
  });
}

const PERSONALISATION_SEEDED_KEY = 'demo_personalisation_seeded_at';

/**
 * Gives the demo cards seeded before personalisation existed what their descriptions promise to print (and
 * the Team Pack its 5 cards), once. A card the firm has already set up (fields chosen or a pack size) keeps
 * its settings. Returns the number of cards changed.
 */
export async function seedDemoPersonalisation(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: PERSONALISATION_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    let changed = 0;
    for (const card of demoCards) {
      if (!card.personalFields && !card.packSize) continue;
      const rows = await tx
        .update(cards)
        .set({
          personalFields: card.personalFields ?? [],
          packSize: card.packSize ?? 1,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(cards.sku, card.sku), sql`cardinality(${cards.personalFields}) = 0`, eq(cards.packSize, 1)),
        )
        .returning({ id: cards.id });
      changed += rows.length;
    }
    return changed;
  });
}

const RATES_SEEDED_KEY = 'demo_rates_seeded_at';

/**
 * Sets up the demo's shipping zones and country tax rates once, also on an installation seeded before they
 * existed: the migration's default zone is renamed and re-rated (never a second default), the other zones
 * are added unless the firm already has one of that name, and countries already listed keep their rates.
 * Returns the number of countries added.
 */
export async function seedDemoRates(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: RATES_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    await tx
      .update(shippingZones)
      .set({ name: DEFAULT_ZONE.name, rateCents: DEFAULT_ZONE.rateCents })
      .where(eq(shippingZones.isDefault, true));
    await tx
      .insert(shippingZones)
      .values([...demoZones])
      .onConflictDoNothing();
    const zones = await tx.select({ id: shippingZones.id, name: shippingZones.name }).from(shippingZones);
    const idOf = new Map(zones.map((zone) => [zone.name, zone.id]));
    const rows = demoCountryRates.flatMap(([country, zone, taxRateBp]) => {
      const zoneId = idOf.get(zone);
      return zoneId ? [{ country, zoneId, taxRateBp }] : [];
    });
    const added = await tx.insert(countryRates).values(rows).onConflictDoNothing().returning();
    return added.length;
  });
}
