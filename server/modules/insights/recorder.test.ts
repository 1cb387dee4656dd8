import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../common/insights.ts';
import { sessionSecretOf } from '../../config.ts';
import { cardEvents, insightSalts, serials, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { createSessions } from '../accounts/sessions.ts';
import { generateBatch } from '../registry/serials/batches.ts';
import { createInsightsRecorder } from './recorder.ts';
import type { CardEventInput, InsightsRecorder } from './recording.ts';
import { createVisitorSalts } from './visitor-salt.ts';

let t: TestApp;
/** What a silent server logs with (`logger: false`). */
const silent = Fastify({ logger: false }).log;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function recorder(): InsightsRecorder {
  const sessions = createSessions(t.database.db, sessionSecretOf(t.config));
  return createInsightsRecorder({ db: t.database.db, sessions, log: silent });
}

function view(username: string, client: number, extra: Partial<CardEventInput> = {}): CardEventInput {
  return {
    kind: 'view',
    owner: { username },
    visit: { source: 'link', card: null },
    client: { ip: `198.51.100.${client}`, userAgent: PHONE },
    ...extra,
  };
}

const eventsOf = (ownerId: number) =>
  t.database.db.select().from(cardEvents).where(eq(cardEvents.ownerId, ownerId)).orderBy(cardEvents.id);

describe('the insights recorder', () => {
  it('counts a concurrent burst exactly: N events, M visitors', async () => {
    const owner = await signedInUser(t);
    const insights = recorder();
    // At most CLIENT_EVENTS_PER_DAY (20) views from each client: all of them count.
    const clients = 62;
    const views = 1_234;
    // Interleaved from many async callers, as concurrent requests call it; some batches fill up on the way.
    await Promise.all(
      Array.from({ length: views }, async (_, index) => {
        await new Promise((resolve) => setImmediate(resolve));
        insights.record(view(owner.username, index % clients));
      }),
    );
    await insights.flush();
    const rows = await eventsOf(owner.id);
    expect(rows).toHaveLength(views);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(clients);
    expect(rows.every((row) => /^[0-9a-f]{16}$/.test(row.visitor))).toBe(true);
    // Nothing of the client is stored: no address, no agent.
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
    expect(JSON.stringify(rows)).not.toContain('iPhone');
  });

  it('ignores bots, prefetches, the owner themself and an owner with insights off', async () => {
    const owner = await signedInUser(t);
    const quiet = await signedInUser(t);
    await t.database.db.update(users).set({ insightsEnabled: false }).where(eq(users.id, quiet.id));
    const insights = recorder();
    insights.record(view(owner.username, 1, { client: { ip: '198.51.100.1', userAgent: 'Googlebot/2.1' } }));
    insights.record(
      view(owner.username, 2, { client: { ip: '198.51.100.2', userAgent: PHONE, prefetch: true } }),
    );
    insights.record(view(owner.username, 3, { sessionToken: owner.cookie.replace(/^sid=/, '') }));
    insights.record(view(quiet.username, 4));
    insights.record({ ...view('', 5), owner: { id: quiet.id } });
    insights.record(view('no-such-owner', 6));
    // Someone else signed in is a visitor like any other.
    const other = await signedInUser(t);
    insights.record(view(owner.username, 7, { sessionToken: other.cookie.replace(/^sid=/, '') }));
    await insights.flush();
    expect(await eventsOf(owner.id)).toHaveLength(1);
    expect(await eventsOf(quiet.id)).toHaveLength(0);
  });

  it("keeps a tapped card only when it is the owner's: a forged via of another card keeps no card", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [mine, theirs] = await generateBatch(t.database.db, 'IC-CLS-MB', 2);
    const claim = (serial: string, userId: number) =>
      t.database.db.update(serials).set({ claimedBy: userId }).where(eq(serials.serial, serial));
    await claim(mine?.serial as string, owner.id);
    await claim(theirs?.serial as string, stranger.id);
    const insights = recorder();
    const tap = (card: string | null) => view(owner.username, 9, { visit: { source: 'tap', card } });
    insights.record(tap(mine?.serial as string));
    insights.record(tap(theirs?.serial as string));
    insights.record(tap('ABCDEFGHJKMN'));
    insights.record({ ...tap(null), kind: 'click', linkId: 42 });
    await insights.flush();
    const rows = await eventsOf(owner.id);
    expect(rows.map((row) => [row.kind, row.source, row.cardSerial, row.linkId])).toEqual([
      ['view', 'tap', mine?.serial, null],
      ['view', 'tap', null, null],
      ['view', 'tap', null, null],
      ['click', 'tap', null, 42],
    ]);
  });

  it('keeps a batch the database refused and writes it on the next try', async () => {
    const owner = await signedInUser(t);
    let refuse = true;
    // The database refuses the first INSERT (a restart, a full disk), then takes them again.
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'insert' && refuse) {
          refuse = false;
          return () => {
            throw new Error('connection refused');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const sessions = createSessions(t.database.db, sessionSecretOf(t.config));
    const insights = createInsightsRecorder({ db, sessions, log: silent });
    for (const client of [1, 2, 3]) insights.record(view(owner.username, client));
    await expect(insights.flush()).rejects.toThrow('connection refused');
    expect(await eventsOf(owner.id)).toHaveLength(0);
    await insights.flush();
    expect(await eventsOf(owner.id)).toHaveLength(3);
  });

  it('shares one salt per UTC day between processes, a new one the next day, and deletes past ones', async () => {
    const first = createVisitorSalts(t.database.db);
    const second = createVisitorSalts(t.database.db);
    const [a, b] = await Promise.all([first.saltOf('2026-11-20'), second.saltOf('2026-11-20')]);
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    const next = await second.saltOf('2026-11-21');
    expect(next.equals(a)).toBe(false);
    const days = (await t.database.db.select().from(insightSalts)).map((row) => row.day);
    expect(days).not.toContain('2026-11-20');
    expect(days).toContain('2026-11-21');
  });

  it('hashes a visitor alike in two recorders (two processes) on one day', async () => {
    const owner = await signedInUser(t);
    const [one, two] = [recorder(), recorder()];
    one.record(view(owner.username, 77));
    two.record(view(owner.username, 77));
    // The same IPv6 /64 with the same agent is the same visitor (clientKeyOf).
    one.record(view(owner.username, 0, { client: { ip: '2001:db8:1:2::1', userAgent: PHONE } }));
    two.record(view(owner.username, 0, { client: { ip: '2001:db8:1:2::ff', userAgent: PHONE } }));
    await Promise.all([one.flush(), two.flush()]);
    const rows = await eventsOf(owner.id);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(2);
    expect(rows.every((row) => utcDay(row.occurredAt) === utcDay(new Date()))).toBe(true);
  });
});
