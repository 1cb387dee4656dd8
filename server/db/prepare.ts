import { codeStoredCountries } from '../modules/addresses/stored-countries.ts';
import { importLegacyMedia } from '../storage/legacy-import.ts';
import type { Database } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { seedDemoCatalog, seedDemoPersonalisation, seedDemoRates, seedDemoSerials } from './seed/index.ts';

interface PrepareOptions {
  seedDemo?: boolean;
  /** DATA_DIR/media: images kept as files before decision 029, moved into the database once. */
  legacyMediaDir?: string;
}

/**
 * Start-up work on the database: migrate (with migration 0020's data step), move the media of an older installation in, then (unless told not
 * to) seed an empty installation with the demo catalogue, serials, shipping zones and tax rates. Safe with
 * many processes.
 */
export async function prepareDatabase(
  database: Database,
  options: PrepareOptions = {},
): Promise<{ seededCards: number; importedMedia: number }> {
  return database.exclusive(async (db) => {
    await applyMigrations(database, db);
    await codeStoredCountries(db);
    const { imported: importedMedia } = options.legacyMediaDir
      ? await importLegacyMedia(db, options.legacyMediaDir)
      : { imported: 0 };
    if (options.seedDemo === false) return { seededCards: 0, importedMedia };
    const seededCards = await seedDemoCatalog(db);
    await seedDemoSerials(db);
    await seedDemoPersonalisation(db);
    await seedDemoRates(db);
    return { seededCards, importedMedia };
  });
}
