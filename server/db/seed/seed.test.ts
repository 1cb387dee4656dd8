import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMediaStore } from '../../storage/index.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { prepareDatabase } from '../prepare.ts';
import { appMeta, cards, countryRates, serials, shippingZones } from '../schema/index.ts';
import { seedDemoPersonalisation } from './index.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

it('seeds the demo catalogue once, with a cover image for every card, and never again', async () => {
  const first = await prepareDatabase(testDb.database);
  const storage = createMediaStore(testDb.database.db);
  expect(first.seededCards).toBeGreaterThanOrEqual(12);

  const rows = await testDb.database.db.select().from(cards);
  expect(rows).toHaveLength(first.seededCards);
  expect(new Set(rows.map((row) => row.category)).size).toBeGreaterThanOrEqual(3);
  for (const row of rows) {
    expect(row.coverImage).toMatch(/^\/media\/cards\/[a-z0-9-]+-[0-9a-f]{64}\.svg$/);
    expect((await storage.read(String(row.coverImage)))?.toString()).toContain('<svg');
  }

  // A restart does nothing; neither does one after the firm removed every card.
  expect((await prepareDatabase(testDb.database)).seededCards).toBe(0);
  // Registered serials keep their card (a card with serials is deactivated, not deleted): remove them first.
  await testDb.database.db.delete(serials);
  await testDb.database.db.delete(cards);
  expect((await prepareDatabase(testDb.database)).seededCards).toBe(0);
  expect(await testDb.database.db.select().from(cards)).toHaveLength(0);
});

it('start-up work from several processes at once seeds exactly once', async () => {
  const other = await openTestDatabase();
  try {
    const results = await Promise.all([1, 2, 3].map(() => prepareDatabase(other.database)));
    const seeded = results.map((result) => result.seededCards).filter((count) => count > 0);
    expect(seeded).toHaveLength(1);
    expect(await other.database.db.select().from(cards)).toHaveLength(seeded[0] ?? -1);
  } finally {
    await other.drop();
  }
});

it('gives demo cards what their descriptions promise to print, also on an installation seeded before', async () => {
  const other = await openTestDatabase();
  try {
    const { db } = other.database;
    await prepareDatabase(other.database);
    const bySku = async () =>
      Object.fromEntries(
        (await db.select().from(cards)).map((row) => [
          row.sku,
          { fields: row.personalFields, pack: row.packSize },
        ]),
      );
    const fresh = await bySku();
    expect(fresh['IC-MIN-PW']).toEqual({ fields: ['name', 'title', 'company', 'logo', 'qr'], pack: 1 });
    expect(fresh['IC-SIG-PW']).toEqual({ fields: ['name', 'title', 'signature', 'qr'], pack: 1 });
    expect(fresh['IC-STU-BB']).toEqual({ fields: ['name', 'logo'], pack: 1 });
    expect(fresh['IC-TEAM5-MB']).toEqual({ fields: ['name', 'title', 'company'], pack: 5 });
    expect(fresh['IC-CLS-MB']).toEqual({ fields: [], pack: 1 });

    // An installation from before: the cards carry no settings yet, and the firm set one card up itself.
    await db.update(cards).set({ personalFields: [], packSize: 1 });
    await db
      .update(cards)
      .set({ personalFields: ['name'] })
      .where(eq(cards.sku, 'IC-SIG-PW'));
    await db.delete(appMeta).where(eq(appMeta.key, 'demo_personalisation_seeded_at'));
    expect(await seedDemoPersonalisation(db)).toBe(4);
    const upgraded = await bySku();
    expect(upgraded['IC-TEAM5-MB']).toEqual(fresh['IC-TEAM5-MB']);
    expect(upgraded['IC-SIG-PW']).toEqual({ fields: ['name'], pack: 1 });
    // Once only: an admin who clears a card's fields later is not overruled at the next start.
    await db.update(cards).set({ personalFields: [] }).where(eq(cards.sku, 'IC-MIN-PW'));
    expect(await seedDemoPersonalisation(db)).toBe(0);
  } finally {
    await other.drop();
  }
});

it('seeds the demo shipping zones and tax rates once, renaming the one default zone', async () => {
  const other = await openTestDatabase();
  try {
    await prepareDatabase(other.database);
    const zones = await other.database.db.select().from(shippingZones);
    expect(zones.filter((zone) => zone.isDefault)).toMatchObject([
      { name: 'Everywhere else', rateCents: 1990 },
    ]);
    expect(zones.map((zone) => zone.name).sort()).toEqual([
      'Canada and Mexico',
      'Europe',
      'Everywhere else',
      'United States',
    ]);
    const rates = await other.database.db.select().from(countryRates);
    expect(rates.find((rate) => rate.country === 'DE')?.taxRateBp).toBe(1900);
    expect(rates.find((rate) => rate.country === 'US')?.taxRateBp).toBe(0);

    // The firm changes a rate and removes a country: a restart puts neither back.
    await other.database.db
      .update(countryRates)
      .set({ taxRateBp: 700 })
      .where(eq(countryRates.country, 'DE'));
    await other.database.db.delete(countryRates).where(eq(countryRates.country, 'FR'));
    await prepareDatabase(other.database);
    const after = await other.database.db.select().from(countryRates);
    expect(after).toHaveLength(rates.length - 1);
    expect(after.find((rate) => rate.country === 'DE')?.taxRateBp).toBe(700);
    expect(await other.database.db.select().from(shippingZones)).toHaveLength(4);
  } finally {
    await other.drop();
  }
});
