import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insightSalts } from '../../db/schema/index.ts';

/** The key of one UTC day's visitor hashes, shared by every process through insight_salts. */
interface VisitorSalts {
  saltOf(day: string): Promise<Buffer>;
}

/**
 * One random 32-byte salt per UTC day: the first process to need it inserts it, every other one reads the
 * same row, so a visitor hashes alike whichever process answers. A day's salt is deleted once the day is over
 * (here, and by the hourly rollup), so no one — not even the database's owner — can hash a client again and
 * match it against an earlier day.
 */
export function createVisitorSalts(db: Db): VisitorSalts {
  // At most two days: today's, and yesterday's while its last batch is still being written.
  const cached = new Map<string, Buffer>();
  return {
    async saltOf(day) {
      const known = cached.get(day);
      if (known) return known;
      await db
        .insert(insightSalts)
        .values({ day, salt: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db.select().from(insightSalts).where(eq(insightSalts.day, day));
      if (!row) throw new Error(`No visitor salt for ${day}`);
      const salt = Buffer.from(row.salt, 'base64');
      cached.set(day, salt);
      const oldest = [...cached.keys()].sort()[0];
      if (cached.size > 2 && oldest !== undefined) cached.delete(oldest);
      await deleteSaltsBefore(db, day);
      return salt;
    },
  };
}

/** Salts of days before `day` (YYYY-MM-DD): never kept once their day is over. */
export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.delete(insightSalts).where(lt(insightSalts.day, day));
}
