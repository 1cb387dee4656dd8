import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodDays } from '../../../common/insights.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import { cards, profileLinks, serials } from '../../db/schema/index.ts';
import { addDayRows, addEvents, rollThrough } from '../../test/insight-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { generateBatch } from '../registry/serials/batches.ts';
import { cardViewsPerDay } from './firm-totals.ts';
import { insightsOf } from './summary.ts';

let t: TestApp;
let owner: { id: number };
let stranger: { id: number };
let ownCard: string;
let givenAwayCard: string;
let cardName: string;
let kept: number;
let later: number;
const DELETED_LINK_ID = 987654;
const NOW = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await signedInUser(t);
  stranger = await signedInUser(t);
  [ownCard, givenAwayCard] = (await generateBatch(db, 'IC-CLS-MB', 2)).map((row) => row.serial) as [
    string,
    string,
  ];
  await db.update(serials).set({ claimedBy: owner.id, claimedAt: NOW }).where(eq(serials.serial, ownCard));
  cardName =
    (await db.select({ name: cards.name }).from(cards).where(eq(cards.sku, 'IC-CLS-MB')))[0]?.name ?? '';
  const links = await db
    .insert(profileLinks)
    .values([
      { userId: owner.id, position: 0, title: 'Portfolio', url: 'https://example.test/work' },
      { userId: owner.id, position: 1, title: 'Blog', url: 'https://example.test/blog' },
    ])
    .returning({ id: profileLinks.id });
  [kept, later] = links.map((link) => link.id) as [number, number];

  // Days up to the 22nd are rolled up; the 23rd and today are still single events.
  await rollThrough(db, '2026-11-22');
  const o = owner.id;
  await addDayRows(db, [
    // Outside a 7-day period, inside 30 days.
    { ownerId: o, day: '2026-11-10', kind: 'view', source: '*', events: 7, visitors: 7 },
    { ownerId: o, day: '2026-11-10', kind: 'view', source: 'qr', events: 7, visitors: 7 },
    { ownerId: o, day: '2026-11-20', kind: 'view', source: '*', events: 6, visitors: 4 },
    {
      ownerId: o,
      day: '2026-11-20',
      kind: 'view',
      source: 'tap',
      cardSerial: ownCard,
      events: 3,
      visitors: 2,
    },
    {
      ownerId: o,
      day: '2026-11-20',
      kind: 'view',
      source: 'tap',
      cardSerial: givenAwayCard,
      events: 1,
      visitors: 1,
    },
    { ownerId: o, day: '2026-11-20', kind: 'view', source: 'qr', events: 2, visitors: 1 },
    { ownerId: o, day: '2026-11-20', kind: 'save', source: '*', events: 2, visitors: 2 },
    { ownerId: o, day: '2026-11-20', kind: 'save', source: 'qr', events: 2, visitors: 2 },
    { ownerId: o, day: '2026-11-20', kind: 'click', source: '*', events: 1, visitors: 1 },
    { ownerId: o, day: '2026-11-20', kind: 'click', source: 'link', linkId: kept, events: 1, visitors: 1 },
    { ownerId: o, day: '2026-11-22', kind: 'view', source: '*', events: 4, visitors: 4 },
    { ownerId: o, day: '2026-11-22', kind: 'view', source: 'link', events: 4, visitors: 4 },
    { ownerId: o, day: '2026-11-22', kind: 'exchange', source: '*', events: 1, visitors: 1 },
    { ownerId: o, day: '2026-11-22', kind: 'exchange', source: 'link', events: 1, visitors: 1 },
    // After rolled_through: a partial rollup must not be read (the events are).
    { ownerId: o, day: '2026-11-23', kind: 'view', source: '*', events: 50, visitors: 50 },
    // Someone else's day: never in the owner's figures.
    { ownerId: stranger.id, day: '2026-11-22', kind: 'view', source: '*', events: 9, visitors: 9 },
    { ownerId: stranger.id, day: '2026-11-22', kind: 'view', source: 'tap', events: 9, visitors: 9 },
  ]);
  await addEvents(db, [
    // On a rolled-up day: already in the totals, not counted twice.
    { ownerId: o, kind: 'view', source: 'link', visitor: 'z', at: '2026-11-22T10:00:00Z' },
    // The 23rd: visitor a twice by tap, b by QR; three clicks, two on a link deleted since.
    {
      ownerId: o,
      kind: 'view',
      source: 'tap',
      cardSerial: ownCard,
      visitor: 'a',
      at: '2026-11-23T00:00:00Z',
    },
    {
      ownerId: o,
      kind: 'view',
      source: 'tap',
      cardSerial: ownCard,
      visitor: 'a',
      at: '2026-11-23T09:00:00Z',
    },
    { ownerId: o, kind: 'view', source: 'qr', visitor: 'b', at: '2026-11-23T23:59:59Z' },
    { ownerId: o, kind: 'click', source: 'tap', linkId: later, visitor: 'a', at: '2026-11-23T09:01:00Z' },
    {
      ownerId: o,
      kind: 'click',
      source: 'qr',
      linkId: DELETED_LINK_ID,
      visitor: 'b',
      at: '2026-11-23T10:00:00Z',
    },
    {
      ownerId: o,
      kind: 'click',
      source: 'qr',
      linkId: DELETED_LINK_ID,
      visitor: 'b',
      at: '2026-11-23T10:01:00Z',
    },
    // Today: the same hash as yesterday is another visitor's day (hashes are per day).
    { ownerId: o, kind: 'view', source: 'link', visitor: 'a', at: '2026-11-24T08:00:00Z' },
    { ownerId: o, kind: 'save', source: 'link', visitor: 'a', at: '2026-11-24T08:00:05Z' },
    { ownerId: o, kind: 'exchange', source: 'link', visitor: 'a', at: '2026-11-24T08:01:00Z' },
    { ownerId: stranger.id, kind: 'view', source: 'qr', visitor: 'q', at: '2026-11-24T09:00:00Z' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const zero = { views: 0, visitors: 0, saves: 0, clicks: 0, exchanges: 0 };

describe('insightsOf', () => {
  it('adds rolled-up days and single events across the rolled_through boundary, every day filled', async () => {
    const figures = await insightsOf(t.database.db, owner.id, 7, NOW);
    expect(figures.days).toBe(7);
    expect(figures.enabled).toBe(true);
    expect(figures.daily).toEqual([
      { day: '2026-11-18', ...zero },
      { day: '2026-11-19', ...zero },
      { day: '2026-11-20', views: 6, visitors: 4, saves: 2, clicks: 1, exchanges: 0 },
      { day: '2026-11-21', ...zero },
      { day: '2026-11-22', views: 4, visitors: 4, saves: 0, clicks: 0, exchanges: 1 },
      // Three views by two visitors (a twice); three clicks.
      { day: '2026-11-23', views: 3, visitors: 2, saves: 0, clicks: 3, exchanges: 0 },
      { day: '2026-11-24', views: 1, visitors: 1, saves: 1, clicks: 0, exchanges: 1 },
    ]);
    // Visitors are each day's unique visitors summed: a on the 23rd and a on the 24th are two.
    expect(figures.totals).toEqual({ views: 14, visitors: 11, saves: 3, clicks: 4, exchanges: 2 });
    expect(figures.conversion).toEqual({ saves_per_view: 21.4, exchanges_per_view: 14.3 });
  });

  it('breaks views down by source, naming the owner’s own tapped card only', async () => {
    const { sources } = await insightsOf(t.database.db, owner.id, 7, NOW);
    expect(sources).toEqual([
      { source: 'tap', card: { serial: ownCard, display: formatSerial(ownCard), name: cardName }, views: 5 },
      { source: 'link', card: null, views: 5 },
      { source: 'qr', card: null, views: 3 },
      {
        source: 'tap',
        card: { serial: givenAwayCard, display: formatSerial(givenAwayCard), name: null },
        views: 1,
      },
    ]);
    expect(cardName).not.toBe('');
  });

  it('lists the most clicked links, a deleted one without a title', async () => {
    const { top_links } = await insightsOf(t.database.db, owner.id, 7, NOW);
    expect(top_links).toEqual([
      { link_id: DELETED_LINK_ID, title: null, url: null, clicks: 2 },
      { link_id: kept, title: 'Portfolio', url: 'https://example.test/work', clicks: 1 },
      { link_id: later, title: 'Blog', url: 'https://example.test/blog', clicks: 1 },
    ]);
  });

  it('reaches back 30 days with the longer period', async () => {
    const figures = await insightsOf(t.database.db, owner.id, 30, NOW);
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily[0]?.day).toBe('2026-10-26');
    expect(figures.daily.find((day) => day.day === '2026-11-10')).toMatchObject({ views: 7, visitors: 7 });
    expect(figures.totals.views).toBe(21);
    expect(figures.sources.find((source) => source.source === 'qr')?.views).toBe(10);
  });

  it('reads every day from single events when nothing is rolled up yet', async () => {
    await rollThrough(t.database.db, null);
    try {
      const figures = await insightsOf(t.database.db, owner.id, 7, NOW);
      // Only the single events: the 22nd's one view, the 23rd and today.
      expect(figures.totals).toEqual({ views: 5, visitors: 4, saves: 1, clicks: 3, exchanges: 1 });
    } finally {
      await rollThrough(t.database.db, '2026-11-22');
    }
  });

  it('gives an owner with nothing recorded zeros, and no percentage without a view', async () => {
    const nobody = await signedInUser(t);
    const figures = await insightsOf(t.database.db, nobody.id, 90, NOW);
    expect(figures.daily).toHaveLength(90);
    expect(figures.daily.every((day) => day.views + day.visitors + day.saves + day.clicks === 0)).toBe(true);
    expect(figures.totals).toEqual(zero);
    expect(figures.sources).toEqual([]);
    expect(figures.top_links).toEqual([]);
    expect(figures.conversion).toEqual({ saves_per_view: null, exchanges_per_view: null });
  });
});

describe('cardViewsPerDay', () => {
  it('sums every owner’s views per day, taps apart from the rest', async () => {
    const days = periodDays(7, NOW);
    expect(await cardViewsPerDay(t.database.db, days)).toEqual([
      { day: '2026-11-18', taps: 0, other: 0 },
      { day: '2026-11-19', taps: 0, other: 0 },
      { day: '2026-11-20', taps: 4, other: 2 },
      { day: '2026-11-21', taps: 0, other: 0 },
      // Owner 4 (by link) and the stranger 9 (taps).
      { day: '2026-11-22', taps: 9, other: 4 },
      { day: '2026-11-23', taps: 2, other: 1 },
      // Owner 1 (link) and the stranger 1 (QR).
      { day: '2026-11-24', taps: 0, other: 2 },
    ]);
  });
});
