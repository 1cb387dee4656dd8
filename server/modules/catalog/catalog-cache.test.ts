import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CATALOG_TOPIC } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function priceOf(slug: string): Promise<string> {
  const response = await request(t, { url: `/api/cards/${slug}/` });
  return response.body.price;
}

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('keeps answering from its cache until the catalogue changes, then shows the change', async () => {
  // On PostgreSQL the cache is trusted only once its change listener is connected.
  await eventually(async () => t.database.changes.live);
  expect(await priceOf('eco-intro-card-bamboo')).toBe('29.99');

  await t.database.db.update(cards).set({ priceCents: 3199 }).where(eq(cards.slug, 'eco-intro-card-bamboo'));
  expect(await priceOf('eco-intro-card-bamboo')).toBe('29.99');

  await t.database.changes.publish(CATALOG_TOPIC);
  expect(await priceOf('eco-intro-card-bamboo')).toBe('31.99');
  expect((await request(t, { url: '/api/cards/?page=1' })).body.results).toBeDefined();
});

it.runIf(process.env.DATABASE_URL)('hears a change published by another process on PostgreSQL', async () => {
  // A second, independent connection pool stands in for another server process on the same database.
  const other = await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: null, poolSize: 1 });
  try {
    await eventually(async () => t.database.changes.live);
    expect(await priceOf('studio-intro-card-bamboo')).toBe('34.99');
    await other.db.update(cards).set({ priceCents: 3599 }).where(eq(cards.slug, 'studio-intro-card-bamboo'));
    await other.changes.publish(CATALOG_TOPIC);
    await eventually(async () => (await priceOf('studio-intro-card-bamboo')) === '35.99');
  } finally {
    await other.close();
  }
});
