import type { MediaStorage } from '../storage/index.ts';
import type { Database } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { seedDemoCatalog, seedDemoPersonalisation, seedDemoSerials } from './seed/index.ts';

/**
 * Start-up work on the database: migrate, then (unless told not to) seed an empty installation with the demo
 * catalogue and serials. Safe with many processes.
 */
export async function prepareDatabase(
  database: Database,
  storage: MediaStorage,
  options: { seedDemo?: boolean } = {},
): Promise<{ seededCards: number }> {
  return database.exclusive(async (db) => {
    await applyMigrations(database, db);
    if (options.seedDemo === false) return { seededCards: 0 };
    const seededCards = await seedDemoCatalog(db, storage);
    await seedDemoSerials(db);
    await seedDemoPersonalisation(db);
    return { seededCards };
  });
}
