import type { MediaStorage } from '../storage/index.ts';
import type { Database } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { seedDemoCatalog, seedDemoSerials } from './seed/index.ts';

/** Start-up work on the database: migrate, then seed an empty installation. Safe with many processes. */
export async function prepareDatabase(
  database: Database,
  storage: MediaStorage,
): Promise<{ seededCards: number }> {
  return database.exclusive(async (db) => {
    await applyMigrations(database, db);
    const seededCards = await seedDemoCatalog(db, storage);
    await seedDemoSerials(db);
    return { seededCards };
  });
}
