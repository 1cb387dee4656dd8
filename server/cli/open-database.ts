import path from 'node:path';
import { type Config, parseConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';

/**
 * For command-line tools: the database `env` configures (`.env` already loaded), migrated. The embedded one
 * is opened only when no live server holds it (DataDirBusyError otherwise); PostgreSQL at any time.
 */
export async function openForTool(
  tool: string,
  env: Record<string, string | undefined>,
): Promise<{
  config: Config;
  database: Database;
  seededCards: number;
  close(): Promise<void>;
}> {
  const config = parseConfig(env);
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, tool);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    });
    const { seededCards } = await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      legacyMediaDir: config.mediaDir,
    });
    return {
      config,
      database,
      seededCards,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
