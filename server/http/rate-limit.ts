import { sql } from 'drizzle-orm';
import { TOO_MANY_ATTEMPTS } from '../../common/messages/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export interface Limit {
  /** Counted events allowed per window. */
  max: number;
  windowMs: number;
}

interface Hit {
  /** Events in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
  /** When the window this event was counted in began (the database's text of it): a refund goes there only. */
  window: string;
}

/**
 * Counts one event for `key` in a fixed window kept in the database (so every process shares it). One
 * atomic upsert: concurrent hits get consecutive counts, so exactly `max` of them are within the limit.
 * Count first, act second: reading the count and writing it later lets every concurrent request through.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<Hit> {
  const windowSeconds = limit.windowMs / 1000;
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      // Measured by the clock, not now(): now() is this statement's transaction start, which can precede the
      // start of a window another transaction opened (its now()) before this one got the row; the clock
      // is read after the row was, so the time left is never more than a full window.
      left: sql<number>`ceil(extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - clock_timestamp()))::int`,
      window: sql<string>`${rateLimits.windowStart}::text`,
    });
  if (!row) throw new Error(`The rate limit "${key}" was not counted`);
  // A window this transaction still saw open may have ended by the clock: wait at least a second.
  return { count: row.count, retryAfterSeconds: Math.max(1, Number(row.left)), window: row.window };
}

/** The count so far in the window, this event included. */
export async function countHit(db: Db, key: string, limit: Limit): Promise<number> {
  return (await hit(db, key, limit)).count;
}

/**
 * Gives one counted event back: the attempt turned out not to be one the limit is about (a good password).
 * Only to the window it was counted in: once that window has ended, the new one never held it, and taking
 * one off there would let one more attempt through.
 */
export async function refundHit(db: Db, key: string, counted: Hit): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${counted.window}::timestamptz`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export function tooManyAttempts(retryAfterSeconds?: number, detail: string = TOO_MANY_ATTEMPTS): AppError {
  return new AppError('too_many_requests', detail, undefined, retryAfterSeconds);
}

/**
 * Counts an attempt as a miss before it runs, for a success to give back (so concurrent misses cannot all
 * slip under the limit). One past the limit is refused and given straight back: it looked nothing up, and
 * kept, the count of a client whose attempts ran together (each counted until its success gives it back)
 * would stay past the limit, refusing its genuine ones for the rest of the window.
 */
export async function countMiss(db: Db, key: string, limit: Limit): Promise<Hit & { refused: boolean }> {
  const counted = await hit(db, key, limit);
  const refused = counted.count > limit.max;
  if (refused) await refundHit(db, key, counted);
  return { ...counted, refused };
}

/** Counts the event and refuses it with 429 once the window holds more than `max`; the hit, for a refund. */
export async function enforceLimit(db: Db, key: string, limit: Limit, detail?: string): Promise<Hit> {
  const counted = await hit(db, key, limit);
  if (counted.count > limit.max) throw tooManyAttempts(counted.retryAfterSeconds, detail);
  return counted;
}
