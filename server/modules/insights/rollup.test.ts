import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { cardEventDays, cardEvents, insightRollups, insightSalts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { rollUpInsights } from './rollup.ts';

let t: TestApp;
let owner: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(cardEvents);
  await t.database.db.delete(cardEventDays);
  await t.database.db.delete(insightRollups);
});

type Raw = typeof cardEvents.$inferInsert;
const event = (at: string, visitor: string, extra: Partial<Raw> = {}): Raw => ({
  ownerId: owner.id,
  kind: 'view',
  source: 'link',
  visitor,
  occurredAt: new Date(at),
  ...extra,
});

const days = () =>
  t.database.db
    .select()
    .from(cardEventDays)
    .orderBy(
      asc(cardEventDays.day),
      asc(cardEventDays.kind),
      asc(cardEventDays.source),
      asc(cardEventDays.cardSerial),
      asc(cardEventDays.linkId),
    );
const rolledThrough = async () => (await t.database.db.select().from(insightRollups))[0]?.rolledThrough;
const row = (
  day: string,
  kind: string,
  source: string,
  card: string,
  link: number,
  events: number,
  visitors: number,
) => ({
  ownerId: owner.id,
  day,
  kind,
  source,
  cardSerial: card,
  linkId: link,
  events,
  visitors,
});

it('rolls two complete UTC days into exact totals and uniques, once, and never today', async () => {
  await t.database.db.insert(cardEvents).values([
    // 22 November: 3 views by 2 visitors (a tap of a card and two plain links), a click by one.
    event('2026-11-22T00:00:00Z', 'aaaa', { source: 'tap', cardSerial: 'ECD1DD829NKP' }),
    event('2026-11-22T12:00:00Z', 'aaaa'),
    event('2026-11-22T23:59:59.999Z', 'bbbb'),
    event('2026-11-22T13:00:00Z', 'aaaa', { kind: 'click', linkId: 7 }),
    // 23 November: 2 saves by 2 visitors (a QR scan and a link); the same hash on another day is another salt.
    event('2026-11-23T08:00:00Z', 'aaaa', { kind: 'save', source: 'qr' }),
    event('2026-11-23T09:00:00Z', 'cccc', { kind: 'save' }),
    // Today: not rolled.
    event('2026-11-24T00:30:00Z', 'dddd'),
  ]);
  const now = new Date('2026-11-24T10:00:00Z');
  expect(await rollUpInsights(t.database.db, now)).toEqual(['2026-11-22', '2026-11-23']);
  const expected = [
    row('2026-11-22', 'click', '*', '', 0, 1, 1),
    row('2026-11-22', 'click', 'link', '', 7, 1, 1),
    row('2026-11-22', 'view', '*', '', 0, 3, 2),
    row('2026-11-22', 'view', 'link', '', 0, 2, 2),
    row('2026-11-22', 'view', 'tap', 'ECD1DD829NKP', 0, 1, 1),
    row('2026-11-23', 'save', '*', '', 0, 2, 2),
    row('2026-11-23', 'save', 'link', '', 0, 1, 1),
    row('2026-11-23', 'save', 'qr', '', 0, 1, 1),
  ];
  expect(await days()).toEqual(expected);
  expect(await rolledThrough()).toBe('2026-11-23');

  // A second run (another hour's sweep) changes nothing.
  expect(await rollUpInsights(t.database.db, now)).toEqual([]);
  expect(await days()).toEqual(expected);
  // Raw events stay for their retention.
  expect(await t.database.db.select().from(cardEvents)).toHaveLength(7);
});

it('starts from the first event: with none, nothing is rolled and readers take everything from the events', async () => {
  expect(await rollUpInsights(t.database.db, new Date('2026-11-24T10:00:00Z'))).toEqual([]);
  expect(await rolledThrough()).toBeUndefined();
  await t.database.db.insert(cardEvents).values([event('2026-11-24T09:00:00Z', 'aaaa')]);
  expect(await rollUpInsights(t.database.db, new Date('2026-11-24T10:00:00Z'))).toEqual([]);
  expect(await rolledThrough()).toBe('2026-11-23');
  expect(await days()).toEqual([]);
});

it('waits a grace period after midnight before fixing the day that just ended', async () => {
  await t.database.db.insert(cardEvents).values([event('2026-11-23T23:59:59Z', 'aaaa')]);
  await rollUpInsights(t.database.db, new Date('2026-11-24T00:05:00Z'));
  expect(await days()).toEqual([]);
  expect(await rolledThrough()).toBe('2026-11-22');
  await rollUpInsights(t.database.db, new Date('2026-11-24T00:15:00Z'));
  expect(await days()).toHaveLength(2);
  expect(await rolledThrough()).toBe('2026-11-23');
});

it('deletes raw events older than the retention only once they are rolled up, and past salts', async () => {
  await t.database.db
    .insert(cardEvents)
    .values([
      event('2026-08-01T10:00:00Z', 'old1'),
      event('2026-08-25T23:59:59Z', 'old2'),
      event('2026-08-26T00:00:00Z', 'keep'),
      event('2026-11-23T10:00:00Z', 'new1'),
    ]);
  // Rolled through a day before the old events: nothing is deleted, they are not in the rollups yet.
  await t.database.db.insert(insightRollups).values({ id: 1, rolledThrough: '2026-07-01' });
  await t.database.db.insert(insightSalts).values([
    { day: '2026-11-23', salt: 'eWVzdGVyZGF5' },
    { day: '2026-11-24', salt: 'dG9kYXk=' },
  ]);
  const now = new Date('2026-11-24T10:00:00Z');
  await rollUpInsights(t.database.db, now);
  // Now rolled through 23 November: days before 26 August (90 days before today) are gone from the raw
  // events, 26 August stays; the rollups keep them all.
  const left = (await t.database.db.select().from(cardEvents)).map((raw) => raw.visitor).sort();
  expect(left).toEqual(['keep', 'new1']);
  expect((await days()).filter((day) => day.source === '*').map((day) => day.day)).toEqual([
    '2026-08-01',
    '2026-08-25',
    '2026-08-26',
    '2026-11-23',
  ]);
  expect((await t.database.db.select().from(insightSalts)).map((salt) => salt.day)).toEqual(['2026-11-24']);
});

it('lets two processes roll up at once without counting a day twice', async () => {
  await t.database.db
    .insert(cardEvents)
    .values(Array.from({ length: 50 }, (_, index) => event('2026-11-20T10:00:00Z', `v${index % 5}`)));
  await t.database.db.insert(insightRollups).values({ id: 1, rolledThrough: '2026-11-19' });
  const now = new Date('2026-11-24T10:00:00Z');
  // A second connection pool on PostgreSQL: another process, as far as the lock can tell.
  const other = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: null, poolSize: 2 })
    : undefined;
  try {
    const results = await Promise.all([
      rollUpInsights(t.database.db, now),
      rollUpInsights((other ?? t.database).db, now),
    ]);
    expect(results.flat().sort()).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
  } finally {
    await other?.close();
  }
  const totals = (await days()).filter((day) => day.source === '*');
  expect(totals).toEqual([row('2026-11-20', 'view', '*', '', 0, 50, 5)]);
});
