import type { APIRequestContext, Page } from '@playwright/test';
import { expect, open, test } from './support/fixtures.ts';

interface ApiPage {
  results: { slug: string; name: string }[];
  next: string | null;
}

/** Every card, walking `GET /api/cards/?page=n` to the end. */
async function allApiCards(request: APIRequestContext): Promise<string[]> {
  const names: string[] = [];
  for (let n = 1; ; n++) {
    const response = await request.get(`/api/cards/?page=${n}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as ApiPage;
    names.push(...body.results.map((card) => card.name));
    if (!body.next) return names;
  }
}

const tiles = (page: Page) => page.getByRole('article');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

test('the card list pages through every card of the catalogue', async ({ page, request }) => {
  const expected = await allApiCards(request);
  expect(expected).toHaveLength(14);

  await open(page, '/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Cards' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(8);
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();

  const seen: string[] = [];
  for (let n = 1; ; n++) {
    await expect(pager(page).getByText(`Page ${n} of`)).toBeVisible();
    seen.push(...(await tiles(page).getByRole('heading', { level: 2 }).allTextContents()));
    const next = pager(page).getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) {
      await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
      break;
    }
    await next.click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${n + 1}$`));
  }
  expect(seen).toEqual(expected);
  expect(new Set(seen).size).toBe(seen.length);
});

test('a page in the URL can be linked and reloaded', async ({ page }) => {
  await open(page, '/cards?page=2');
  await expect(pager(page).getByText('Page 2 of 2')).toBeVisible();
  await expect(tiles(page)).toHaveCount(6);
  await page.reload();
  await expect(pager(page).getByText('Page 2 of 2')).toBeVisible();
  await expect(pager(page).getByRole('link', { name: 'Previous' })).toBeVisible();
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a page past the end says so with a 404', async ({ page }) => {
  const response = await page.goto('/cards?page=9');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Invalid page.');
});

async function tileBoxes(page: Page, count: number) {
  await expect(tiles(page)).toHaveCount(8);
  return tiles(page).evaluateAll(
    (elements, n) =>
      elements.slice(0, n).map((element) => {
        const box = element.getBoundingClientRect();
        return { top: Math.round(box.top), left: Math.round(box.left) };
      }),
    count,
  );
}

test('four columns on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/cards');
  const boxes = await tileBoxes(page, 5);
  const [first, , , , fifth] = boxes;
  expect(new Set(boxes.slice(0, 4).map((box) => box.top)).size).toBe(1);
  expect(new Set(boxes.slice(0, 4).map((box) => box.left)).size).toBe(4);
  expect(fifth?.top).toBeGreaterThan(first?.top ?? 0);
  expect(fifth?.left).toBe(first?.left);
});

test('one column on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/cards');
  const boxes = await tileBoxes(page, 3);
  expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
  expect(new Set(boxes.map((box) => box.top)).size).toBe(3);
});
