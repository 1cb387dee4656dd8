import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits, sessions, userTokens } from '../../db/schema/index.ts';

/** No limit window is longer than this; older counters are dead weight. */
const RATE_LIMIT_RETENTION = sql`now() - interval '1 day'`;

/** Deletes expired sessions and links and stale rate-limit counters; safe to run from any process. */
export async function sweepExpired(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(userTokens).where(lt(userTokens.expiresAt, sql`now()`));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, RATE_LIMIT_RETENTION));
}
