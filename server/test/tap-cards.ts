import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { serials } from '../db/schema/index.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { createMediaStore } from '../storage/index.ts';
import { type CardOwner, insertCardOwner } from './card-owners.ts';
import { type SimulatedChip, simulatedChip } from './sun-simulator.ts';

/** Cards to tap, written before a server starts on `dataDir` (PGlite): the owner's, and one nobody claimed. */
export interface TapCards {
  /** A claimed card without a secure chip. */
  staticSerial: string;
  /** A claimed card with a secure chip (key version 2), and the chip that taps it. */
  secure: SimulatedChip;
  /** An unclaimed card with a secure chip. */
  unclaimed: SimulatedChip;
}

/**
 * Seeds `owner` with a plain card and a secure one, and an unclaimed secure card. The secure cards are made as
 * the import makes them (chip UID bound, key version set), keyed from `masterKeyHex` (version 2's by default).
 */
export async function seedTapCards(
  dataDir: string,
  owner: CardOwner,
  masterKeyHex?: string,
): Promise<TapCards> {
  const release = acquireDataDirLock(dataDir, 'tap-cards');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await prepareDatabase(database);
      const storage = createMediaStore(database.db);
      const { db } = database;
      const ownerId = await insertCardOwner(db, storage, owner);
      const rows = await generateBatch(db, 'IC-CLS-MB', 3);
      const [plain, mine, free] = rows.map((row) => row.serial);
      if (!plain || !mine || !free) throw new Error('The batch made too few serials');
      await db
        .update(serials)
        .set({ claimedBy: ownerId, claimedAt: new Date() })
        .where(inArray(serials.serial, [plain, mine]));
      const secure = simulatedChip(mine, masterKeyHex);
      const unclaimed = simulatedChip(free, masterKeyHex);
      for (const chip of [secure, unclaimed]) {
        await db
          .update(serials)
          .set({ chipUid: chip.uid, sunKeyVersion: 2 })
          .where(eq(serials.serial, chip.serial));
      }
      return { staticSerial: plain, secure, unclaimed };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
