import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../common/messages/rate-limit.ts';
import { applyMigrations } from '../db/migrate.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { countHit, enforceLimit, hit, refundHit } from './rate-limit.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await t.database.exclusive((db) => applyMigrations(t.database, db));
});
afterAll(async () => {
  await t?.drop();
});

const limit = { max: 5, windowMs: 15 * 60 * 1000 };

describe('the shared counter', () => {
  it('gives 50 concurrent hits the counts 1 to 50, so exactly the limit is within it', async () => {
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => countHit(t.database.db, 'race', limit)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(counts.filter((count) => count <= limit.max)).toHaveLength(limit.max);
  });

  it('refuses with 429 and a Retry-After no longer than the window once past the limit', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => enforceLimit(t.database.db, 'enforced', limit)),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refused).toHaveLength(3);
    const [first] = refused as AppError[];
    expect(first).toBeInstanceOf(AppError);
    expect(first?.status).toBe(429);
    expect(first?.detail).toBe(TOO_MANY_ATTEMPTS);
    expect(first?.retryAfterSeconds).toBeGreaterThan(0);
    expect(first?.retryAfterSeconds).toBeLessThanOrEqual(limit.windowMs / 1000);
  });

  it('never asks for more than the window from a transaction begun before another opened it', async () => {
    // What PostgreSQL saw once (901 s for 900): the window was opened by a transaction that began a moment
    // after this one, so its start is later than this transaction's now(). Written here with the clock.
    const left = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.05)`);
      await tx
        .insert(rateLimits)
        .values({ key: 'opened-later', windowStart: sql`clock_timestamp()`, count: 1 });
      return (await hit(tx, 'opened-later', limit)).retryAfterSeconds;
    });
    expect(left).toBe(limit.windowMs / 1000);
  });

  it('gives a hit back on a refund, never below zero', async () => {
    const first = await hit(t.database.db, 'refund', limit);
    await countHit(t.database.db, 'refund', limit);
    await refundHit(t.database.db, 'refund', first);
    expect((await hit(t.database.db, 'refund', limit)).count).toBe(2);
    for (let i = 0; i < 4; i++) await refundHit(t.database.db, 'refund', first);
    expect((await hit(t.database.db, 'refund', limit)).count).toBe(1);
  });

  it('gives a hit back only to the window it was counted in', async () => {
    const old = await hit(t.database.db, 'refund-late', limit);
    await t.database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(sql`${rateLimits.key} = 'refund-late'`);
    const inNewWindow = await hit(t.database.db, 'refund-late', limit);
    expect(inNewWindow.count).toBe(1);
    expect(inNewWindow.window).not.toBe(old.window);
    // The event counted in the old window turns out not to count: the new window never held it.
    await refundHit(t.database.db, 'refund-late', old);
    expect((await hit(t.database.db, 'refund-late', limit)).count).toBe(2);
  });

  it('starts a new window once the old one has passed', async () => {
    for (let i = 0; i < 7; i++) await countHit(t.database.db, 'old-window', limit);
    await t.database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(sql`${rateLimits.key} = 'old-window'`);
    expect(await countHit(t.database.db, 'old-window', limit)).toBe(1);
  });
});
