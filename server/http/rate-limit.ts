import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

export interface Limit {
  /** Counted events allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one event for `key` in a fixed window kept in the database (so every process shares it) and
 * returns the count so far, this one included. One atomic upsert: concurrent hits never lose a count.
 */
export async function countHit(db: Db, key: string, limit: Limit): Promise<number> {
  const windowSeconds = limit.windowMs / 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** The count in the current window without adding to it. */
export async function currentCount(db: Db, key: string, limit: Limit): Promise<number> {
  const windowSeconds = limit.windowMs / 1000;
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`,
    );
  return rows[0]?.count ?? 0;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Counts the event and refuses it with 429 once the window holds more than `max`. */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  if ((await countHit(db, key, limit)) > limit.max)
    throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS);
}
