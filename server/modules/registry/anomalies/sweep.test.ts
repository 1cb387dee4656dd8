import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serialFlags, tapEvents } from '../../../db/schema/index.ts';
import { days, minutes, newSerials, printedCheck, tap } from '../../../test/registry-events.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { utcMinute } from './reasons.ts';
import { sweepAnomalies } from './sweep.ts';

let t: TestApp;
let ids: number[];
// The scenario happens in the future (as far as its oldest evidence), after anything the server's own
// start-up sweep has read: a real tap or check is recorded as it happens, after the last sweep.
const T = new Date(Math.floor(Date.now() / minutes(1)) * minutes(1) + days(60));
const at = (offset: number) => new Date(T.getTime() + offset);

beforeAll(async () => {
  t = await createTestApp();
  // The server's own start-up sweep runs unawaited; were it to come after the scenario is written, it would
  // read the 100-day-old replay as new. A sweep here leaves the swept-through mark at now, whichever is first.
  await sweepAnomalies(t.database.db);
  ids = (await newSerials(t.database.db, 8)).map((row) => row.id);
});
afterAll(async () => {
  await t?.close();
});

async function openFlags() {
  const rows = await t.database.db
    .select({
      serialId: serialFlags.serialId,
      kind: serialFlags.kind,
      occurrences: serialFlags.occurrences,
      detail: serialFlags.detail,
    })
    .from(serialFlags)
    .where(sql`${serialFlags.clearedAt} is null`)
    .orderBy(asc(serialFlags.serialId), asc(serialFlags.kind));
  return rows;
}

it('flags exactly the replay, the forged MAC, the distant taps and the many checkers, and no innocent traffic', async () => {
  const { db } = t.database;
  const [replayed, forged, distant, checked, twoNetworks, spread, fiveCheckers, oldChecker] = ids as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // A genuine tap with counter 41, then its URL replayed three times from elsewhere.
  await tap(db, replayed, 'fresh', at(-minutes(30)), { counter: 41 });
  for (const offset of [20, 15, 10]) {
    await tap(db, replayed, 'replayed', at(-minutes(offset)), { counter: 41, network: 'far' });
  }
  // A replay older than the 90 days kept: not evidence any more, and pruned.
  await tap(db, replayed, 'replayed', at(-days(100)), { counter: 7 });
  // A chip answering with a MAC that does not verify: a forged or copied chip.
  await tap(db, forged, 'bad_mac', at(-minutes(12)), { counter: 3 });
  // Three networks within ten minutes.
  await tap(db, distant, 'fresh', at(-minutes(9)), { counter: 1, network: 'net-a' });
  await tap(db, distant, 'fresh', at(-minutes(5)), { counter: 2, network: 'net-b' });
  await tap(db, distant, 'fresh', at(-minutes(2)), { counter: 3, network: 'net-c' });
  // Six distinct clients checking one printed serial within 30 days.
  for (let i = 0; i < 6; i++) await printedCheck(db, checked, `checker-${i}`, at(-days(20 - i * 3)));

  // Innocent: a phone on Wi-Fi and its neighbour on mobile data (two networks) …
  await tap(db, twoNetworks, 'static', at(-minutes(4)), { network: 'wifi' });
  await tap(db, twoNetworks, 'static', at(-minutes(3)), { network: 'mobile' });
  await tap(db, twoNetworks, 'static', at(-minutes(2)), { network: 'wifi' });
  // … three networks, but over half an hour (someone carrying the card around) …
  await tap(db, spread, 'fresh', at(-minutes(40)), { counter: 1, network: 'net-a' });
  await tap(db, spread, 'fresh', at(-minutes(25)), { counter: 2, network: 'net-b' });
  await tap(db, spread, 'fresh', at(-minutes(5)), { counter: 3, network: 'net-c' });
  // … five checkers (the limit, not past it), and six of whom one is older than 30 days.
  for (let i = 0; i < 5; i++) await printedCheck(db, fiveCheckers, `five-${i}`, at(-days(i)));
  await printedCheck(db, oldChecker, 'old-0', at(-days(45)));
  for (let i = 1; i < 6; i++) await printedCheck(db, oldChecker, `old-${i}`, at(-days(i)));

  const result = await sweepAnomalies(db, T);
  expect(result.flagged).toEqual({
    replayed_counter: 1,
    forged_message: 1,
    distant_taps: 1,
    many_checkers: 1,
  });
  expect(await openFlags()).toEqual([
    {
      serialId: replayed,
      kind: 'replayed_counter',
      occurrences: 3,
      detail: `Counter 41 replayed 3 times, last ${utcMinute(at(-minutes(10)))}`,
    },
    {
      serialId: forged,
      kind: 'forged_message',
      occurrences: 1,
      detail: `1 tap with a forged or copied chip message (1 bad MAC), last ${utcMinute(at(-minutes(12)))}`,
    },
    {
      serialId: distant,
      kind: 'distant_taps',
      occurrences: 1,
      detail: `Tapped from 3 different networks within 10 minutes (1 such tap), last ${utcMinute(at(-minutes(2)))}`,
    },
    {
      serialId: checked,
      kind: 'many_checkers',
      occurrences: 1,
      detail: `Printed serial checked by 6 different clients within 30 days (more than 5 is unusual), last ${utcMinute(at(-days(5)))}`,
    },
  ]);
  // The replay of 100 days ago is gone; the recent evidence stays.
  const kept = await db
    .select({ at: tapEvents.createdAt })
    .from(tapEvents)
    .where(eq(tapEvents.serialId, replayed));
  expect(kept).toHaveLength(4);
});

it('counts new evidence into the open flag instead of raising another, and reads nothing twice', async () => {
  const { db } = t.database;
  const [replayed, forged] = ids as [number, number];
  // The same sweep again: nothing new.
  await sweepAnomalies(db, T);
  await tap(db, replayed, 'replayed', at(minutes(10)), { counter: 44, network: 'far' });
  await tap(db, forged, 'unknown_uid', at(minutes(11)));
  await tap(db, forged, 'malformed', at(minutes(12)));
  const result = await sweepAnomalies(db, at(minutes(30)));
  expect(result.flagged).toEqual({
    replayed_counter: 1,
    forged_message: 1,
    distant_taps: 0,
    many_checkers: 0,
  });
  const flags = await openFlags();
  expect(flags).toHaveLength(4);
  expect(flags.find((flag) => flag.kind === 'replayed_counter')).toMatchObject({
    occurrences: 4,
    detail: `Counters 41 and 44 replayed 4 times, last ${utcMinute(at(minutes(10)))}`,
  });
  expect(flags.find((flag) => flag.kind === 'forged_message')).toMatchObject({
    occurrences: 3,
    detail: `3 taps with a forged or copied chip message (1 bad MAC, 1 unknown chip UID, 1 malformed message), last ${utcMinute(at(minutes(12)))}`,
  });
});

it('raises a new flag after the old one was cleared, and two sweepers at once make no duplicates', async () => {
  const { db } = t.database;
  const [replayed, , , , twoNetworks] = ids as [number, number, number, number, number];
  await db
    .update(serialFlags)
    .set({ clearedAt: at(minutes(31)) })
    .where(eq(serialFlags.serialId, replayed));
  await tap(db, replayed, 'replayed', at(minutes(40)), { counter: 44, network: 'far' });
  // Now the neighbour's card is tapped from a third network within minutes as well.
  await tap(db, twoNetworks, 'static', at(minutes(41)), { network: 'wifi' });
  await tap(db, twoNetworks, 'static', at(minutes(42)), { network: 'mobile' });
  await tap(db, twoNetworks, 'static', at(minutes(43)), { network: 'elsewhere' });
  // Another process on the same database (on PostgreSQL; PGlite is one process).
  const other = t.databaseUrl ? await createTestApp({}, { sameDatabaseAs: t }) : undefined;
  try {
    const sweeps = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        sweepAnomalies(i % 2 && other ? other.database.db : db, at(minutes(60))),
      ),
    );
    const raised = sweeps.map((sweep) => sweep.flagged.replayed_counter + sweep.flagged.distant_taps);
    expect(raised.sort()).toEqual([0, 0, 0, 2]);
  } finally {
    await other?.close();
  }
  const all = await db
    .select({ kind: serialFlags.kind, occurrences: serialFlags.occurrences, cleared: serialFlags.clearedAt })
    .from(serialFlags)
    .where(eq(serialFlags.serialId, replayed));
  expect(all.filter((flag) => flag.cleared === null)).toEqual([
    { kind: 'replayed_counter', occurrences: 1, cleared: null },
  ]);
  expect(all).toHaveLength(2);
  const neighbour = await db.select().from(serialFlags).where(eq(serialFlags.serialId, twoNetworks));
  expect(neighbour).toMatchObject([{ kind: 'distant_taps', occurrences: 1 }]);
});
