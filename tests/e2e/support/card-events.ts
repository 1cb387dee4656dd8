import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { type Db, openDatabase } from '../../../server/db/client.ts';
import { acquireDataDirLock } from '../../../server/db/lock.ts';
import { cardEvents, serials, users } from '../../../server/db/schema/index.ts';
import { generateBatch } from '../../../server/modules/registry/serials/batches.ts';
import type { ServerProcess } from './server-process.ts';

/** The embedded database of a data directory no server holds (before a server starts, or after it stopped). */
async function withDatabase<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const release = acquireDataDirLock(dataDir, 'card-events');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** A fresh card of the demo catalogue, claimed by `username` (already in the database); its serial. */
export function claimNewCard(dataDir: string, username: string): Promise<string> {
  return withDatabase(dataDir, async (db) => {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    const [row] = await generateBatch(db, 'IC-CLS-MB', 1);
    if (!user || !row) throw new Error('no owner or no serial');
    await db
      .update(serials)
      .set({ claimedBy: user.id, claimedAt: new Date() })
      .where(eq(serials.serial, row.serial));
    return row.serial;
  });
}

/**
 * Stops the server as a deployment does (SIGTERM: it finishes its answers and writes the waiting batch of
 * card events), then reads the owner's events; the data directory stays for the caller to remove.
 */
export async function eventsAfterStop(server: ServerProcess, username: string) {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`The server exited with ${code}: ${server.stderr()}\n${server.stdout()}`);
  return withDatabase(server.dataDir, (db) =>
    db
      .select({
        kind: cardEvents.kind,
        source: cardEvents.source,
        cardSerial: cardEvents.cardSerial,
        linkId: cardEvents.linkId,
        visitor: cardEvents.visitor,
      })
      .from(cardEvents)
      .innerJoin(users, eq(users.id, cardEvents.ownerId))
      .where(eq(users.username, username))
      .orderBy(asc(cardEvents.id)),
  );
}
