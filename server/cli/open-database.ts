import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, parseConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';

interface OpenTool {
  config: Config;
  database: Database;
  seededCards: number;
  /** What to tell the tool's user when it found no database and made one (embedded only). */
  newDatabase: string | undefined;
}

/**
 * For command-line tools: runs `use` with the database `env` configures (`.env` already loaded), migrated,
 * and closes it whatever happens. The embedded one is opened only when no live server holds it
 * (DataDirBusyError otherwise); PostgreSQL at any time.
 */
export async function withTool<T>(
  tool: string,
  env: Record<string, string | undefined>,
  use: (open: OpenTool) => Promise<T>,
): Promise<T> {
  const open = await openForTool(tool, env);
  try {
    return await use(open);
  } finally {
    await open.close();
  }
}

async function openForTool(
  tool: string,
  env: Record<string, string | undefined>,
): Promise<OpenTool & { close(): Promise<void> }> {
  const config = parseConfig(env);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const newDatabase =
    config.databaseUrl || existsSync(pgliteDir) ? undefined : newDatabaseLine(config.dataDir, env);
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, tool);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
    });
    const close = async () => {
      try {
        await database.close();
      } finally {
        release();
      }
    };
    // A migration that fails leaves nothing open behind it.
    const { seededCards } = await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      legacyMediaDir: config.mediaDir,
    }).catch(async (error: unknown) => {
      await close().catch(() => undefined);
      throw error;
    });
    return { config, database, seededCards, newDatabase, close };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A tool run from the wrong directory, or without the site's DATA_DIR, would otherwise fill a new database
 * nobody serves, and say nothing.
 */
function newDatabaseLine(dataDir: string, env: Record<string, string | undefined>): string {
  const where = path.resolve(dataDir);
  return env.DATA_DIR
    ? `No database in ${where} (DATA_DIR) yet: creating a new one there.`
    : `DATA_DIR is unset and ${where} holds no database: creating a new one there. To use the site's database, run this with the DATA_DIR the site runs with.`;
}
