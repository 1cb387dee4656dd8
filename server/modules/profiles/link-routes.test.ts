import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sessionSecretOf } from '../../config.ts';
import { cardEvents, profileLinks, users } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { signVia } from '../insights/signed-via.ts';

let t: TestApp;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function linkOf(userId: number, url: string, enabled = true): Promise<number> {
  const [row] = await t.database.db
    .insert(profileLinks)
    .values({ userId, position: 0, title: 'Site', url, enabled })
    .returning();
  return row?.id as number;
}

/** A source as the server signs it for the card's page (a typed-in one counts as a plain link). */
const signed = (username: string, source: 'qr' | 'tap') =>
  encodeURIComponent(signVia(sessionSecretOf(t.config), username, { source, card: null }));

/** A click on the card's own page (elsewhere, a link stops at a page saying where it leads: attack-lows.test.ts). */
const follow = (path: string, cookie?: string) =>
  request(t, {
    url: path,
    cookie,
    headers: { 'user-agent': PHONE, 'sec-fetch-site': 'same-origin' },
    remoteAddress: '203.0.113.9',
  });

it("sends a click on to the owner's own enabled link only, and counts it", async () => {
  const owner = await signedInUser(t);
  const other = await signedInUser(t);
  const link = await linkOf(owner.id, 'https://example.test/portfolio?x=1');
  const disabled = await linkOf(owner.id, 'https://example.test/hidden', false);
  const theirs = await linkOf(other.id, 'https://evil.test/');

  const sent = await follow(`/profile/${owner.username}/links/${link}?via=${signed(owner.username, 'qr')}`);
  expect(sent.status).toBe(302);
  expect(sent.headers.location).toBe('https://example.test/portfolio?x=1');
  expect(sent.headers['cache-control']).toBe('no-store');

  // Nothing else is a way out: another user's link, a disabled one, unknown ids, junk, a private card.
  const notFound = await follow(`/profile/no-such-user/links/${link}`);
  expect(notFound.status).toBe(404);
  for (const path of [
    `/profile/${owner.username}/links/${theirs}`,
    `/profile/${owner.username}/links/${disabled}`,
    `/profile/${owner.username}/links/999999`,
    `/profile/${owner.username}/links/0`,
    `/profile/${owner.username}/links/-1`,
    `/profile/${owner.username}/links/1e3`,
    `/profile/${owner.username}/links/https:%2F%2Fevil.test`,
    `/profile/${other.username}/links/${link}`,
  ]) {
    const answer = await follow(path);
    expect(answer.status, path).toBe(404);
    expect(answer.headers.location, path).toBeUndefined();
    expect(answer.body, path).toEqual(notFound.body);
  }
  await t.database.db.update(users).set({ profilePrivate: true }).where(eq(users.id, owner.id));
  const hidden = await follow(`/profile/${owner.username}/links/${link}`);
  expect(hidden.status).toBe(404);
  expect(hidden.body).toEqual(notFound.body);
  // Its owner still gets through (and is not counted).
  expect((await follow(`/profile/${owner.username}/links/${link}`, owner.cookie)).status).toBe(302);
  await t.database.db.update(users).set({ profilePrivate: false }).where(eq(users.id, owner.id));

  // A HEAD and a bot are sent on too, but not counted.
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  expect(
    (
      await request(t, {
        method: 'HEAD',
        url: `/profile/${owner.username}/links/${link}`,
        headers: sameOrigin,
      })
    ).status,
  ).toBe(302);
  const bot = await request(t, {
    url: `/profile/${owner.username}/links/${link}`,
    headers: {
      ...sameOrigin,
      'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    },
  });
  expect(bot.status).toBe(302);

  // The batch is written within a second or so: exactly the one click, with its link and source.
  await vi.waitFor(
    async () => {
      const rows = await t.database.db.select().from(cardEvents).where(eq(cardEvents.ownerId, owner.id));
      expect(rows.map((row) => [row.kind, row.source, row.linkId])).toEqual([['click', 'qr', link]]);
    },
    { timeout: 5000, interval: 250 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await t.database.db.select().from(cardEvents).where(eq(cardEvents.ownerId, owner.id))).toHaveLength(
    1,
  );
});

it("counts a contact save on the public .vcf with the page's source", async () => {
  const owner = await signedInUser(t);
  const saved = await follow(
    `/api/auth/public-profile/${owner.username}/vcard/?via=${signed(owner.username, 'tap')}`,
  );
  expect(saved.status).toBe(200);
  expect(
    (await request(t, { method: 'HEAD', url: `/api/auth/public-profile/${owner.username}/vcard/` })).status,
  ).toBe(200);
  expect((await follow(`/api/auth/public-profile/${owner.username}/vcard/`, owner.cookie)).status).toBe(200);
  await vi.waitFor(
    async () => {
      const rows = await t.database.db.select().from(cardEvents).where(eq(cardEvents.ownerId, owner.id));
      expect(rows.map((row) => [row.kind, row.source, row.cardSerial])).toEqual([['save', 'tap', null]]);
    },
    { timeout: 5000, interval: 250 },
  );
});
