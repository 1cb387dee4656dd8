import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /api/cards/', () => {
  it('pages the seeded catalogue 8 at a time with absolute next/previous links', async () => {
    const first = await request(t, { url: '/api/cards/?page=1' });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(14);
    expect(first.body.results).toHaveLength(8);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('http://shop.test/api/cards/?page=2');

    const second = await request(t, { url: '/api/cards?page=2' });
    expect(second.body.results).toHaveLength(6);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('http://shop.test/api/cards/?page=1');

    const slugs = [...first.body.results, ...second.body.results].map((card: { slug: string }) => card.slug);
    expect(new Set(slugs).size).toBe(14);
  });

  it('defaults to page 1 and shows the card fields of the spec', async () => {
    const { body } = await request(t, { url: '/api/cards/' });
    const card = body.results[0];
    expect(Object.keys(card)).toEqual(
      expect.arrayContaining(['id', 'name', 'slug', 'price', 'cover_image', 'category', 'description']),
    );
    expect(card.price).toMatch(/^\d+\.\d{2}$/);
    expect(card.cover_image).toMatch(/^\/media\/cards\/.+\.svg$/);
  });

  it('answers 404 "Invalid page." past the end', async () => {
    const { status, body } = await request(t, { url: '/api/cards/?page=3' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ detail: 'Invalid page.', code: 'not_found' });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '', '9999999', '%00'])('answers 400 for page=%s', async (page) => {
    const { status, body } = await request(t, { url: `/api/cards/?page=${page}` });
    expect(status).toBe(400);
    expect(body.detail).toBe('Invalid page.');
    expect(body.errors.page[0]).toMatch(/whole number/);
  });

  it('answers 400 for a repeated page parameter', async () => {
    expect((await request(t, { url: '/api/cards/?page=1&page=2' })).status).toBe(400);
  });

  it('hides inactive cards', async () => {
    await t.database.db.update(cards).set({ active: false }).where(eq(cards.sku, 'IC-CLS-MB'));
    await t.database.changes.publish(CATALOG_TOPIC);
    const { body } = await request(t, { url: '/api/cards/?page=1' });
    expect(body.count).toBe(13);
    expect((await request(t, { url: '/api/cards/classic-intro-card-matte-black/' })).status).toBe(404);
    await t.database.db.update(cards).set({ active: true }).where(eq(cards.sku, 'IC-CLS-MB'));
    await t.database.changes.publish(CATALOG_TOPIC);
    expect((await request(t, { url: '/api/cards/classic-intro-card-matte-black/' })).status).toBe(200);
  });

  it('sends an ETag and answers 304 when it still matches', async () => {
    const first = await request(t, { url: '/api/cards/?page=1' });
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await request(t, { url: '/api/cards/?page=1', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

describe('the catalogue cache and marketing parameters', () => {
  it('answers a URL with marketing parameters from the entry of the URL without them', async () => {
    const url = '/api/cards/classic-intro-card-matte-black/';
    await t.database.changes.publish(CATALOG_TOPIC);
    const kept = await request(t, { url });
    expect(kept.status).toBe(200);
    // Changed behind the cache's back: an answer computed again would show it, a kept one does not.
    await t.database.db.update(cards).set({ name: 'Renamed' }).where(eq(cards.sku, 'IC-CLS-MB'));
    try {
      const tagged = await request(t, { url: `${url}?utm_source=news&gclid=1&ref=x` });
      expect(tagged.text).toBe(kept.text);
      expect(tagged.headers.etag).toBe(kept.headers.etag);
      // A stream of odd URLs past the cache's bound does not push the real entry out.
      for (let i = 0; i < 1100; i++) await request(t, { url: `${url}?utm_content=${i}` });
      expect((await request(t, { url })).text).toBe(kept.text);
      // Another parameter is another URL: computed, so it shows the change.
      expect((await request(t, { url: `${url}?page=1` })).body.name).toBe('Renamed');
    } finally {
      await t.database.db.update(cards).set({ name: kept.body.name }).where(eq(cards.sku, 'IC-CLS-MB'));
      await t.database.changes.publish(CATALOG_TOPIC);
    }
  });

  it('leaves marketing parameters out of the search links', async () => {
    const { body } = await request(t, { url: '/api/products/?search=card&utm_source=news&fbclid=1' });
    expect(body.next).toBe('http://shop.test/api/products/?search=card&page=2');
  });
});

describe('GET /api/cards/{slug}/', () => {
  it('returns one card', async () => {
    const { status, body } = await request(t, { url: '/api/cards/eco-intro-card-bamboo/' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Eco Intro Card',
      category: 'Bamboo',
      price: '29.99',
      sku: 'IC-ECO-BB',
    });
  });

  it.each(['no-such-card', 'UPPER', 'a'.repeat(150), '..%2f..%2fetc', 'x%00y'])(
    'answers 404 "Card not found." for %s',
    async (slug) => {
      const { status, body } = await request(t, { url: `/api/cards/${slug}/` });
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Card not found.', code: 'not_found' });
    },
  );
});

describe('GET /api/home/', () => {
  it('gives the three product lists', async () => {
    const { status, body } = await request(t, { url: '/api/home/' });
    expect(status).toBe(200);
    expect(body.all_products).toHaveLength(12);
    expect(body.latest_products).toHaveLength(8);
    expect(body.best_selling_products).toHaveLength(8);
    expect(body.latest_products[0].slug).toBe('prestige-intro-card-metal-gold');
  });
});

describe('GET /api/products/', () => {
  it('searches name, SKU, design and description, case-insensitively', async () => {
    const { body } = await request(t, { url: '/api/products/?search=BAMBOO' });
    expect(body.count).toBe(3);
    expect((await request(t, { url: '/api/products/?search=IC-EXE' })).body.results[0].slug).toBe(
      'executive-intro-card-metal-gold',
    );
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await request(t, { url: '/api/products/?search=%25' })).body.count).toBe(0);
    expect((await request(t, { url: '/api/products/?search=_' })).body.count).toBe(0);
  });

  it('filters by design and price range and orders', async () => {
    const gold = await request(t, { url: '/api/products/?category=metal%20gold&ordering=price' });
    expect(gold.body.results.map((card: { price: string }) => card.price)).toEqual([
      '79.99',
      '99.99',
      '129.99',
    ]);

    const range = await request(t, { url: '/api/products/?min_price=20&max_price=30&ordering=-price' });
    const prices = range.body.results.map((card: { price: string }) => Number(card.price));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price: number) => price >= 20 && price <= 30)).toBe(true);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);

    const byName = await request(t, { url: '/api/products/?ordering=name' });
    const names = byName.body.results.map((card: { name: string }) => card.name);
    expect([...names].sort()).toEqual(names);
  });

  it('keeps the filters in the next link', async () => {
    const { body } = await request(t, { url: '/api/products/?ordering=price&page=1' });
    expect(body.next).toBe('http://shop.test/api/products/?ordering=price&page=2');
  });

  it.each([
    ['ordering=random', 'ordering'],
    ['min_price=abc', 'min_price'],
    ['min_price=50&max_price=10', 'min_price'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['page=0', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { status, body } = await request(t, { url: `/api/products/?${query}` });
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(body.errors[field]).toBeDefined();
  });

  it('answers 404 "Invalid page." past the end of the filtered list', async () => {
    const { status, body } = await request(t, { url: '/api/products/?category=Bamboo&page=2' });
    expect(status).toBe(404);
    expect(body.detail).toBe('Invalid page.');
  });
});
