import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, parseConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import type { ServerLimits } from '../http/server-limits.ts';
import { createMediaStore, type MediaStorage } from '../storage/index.ts';
import { pgliteTemplate, postgresTemplate, type TemplateKind } from './database-templates.ts';
import { scratchPostgresDatabase } from './scratch-database.ts';

export interface TestDatabase {
  database: Database;
  /** The URL of this test's own PostgreSQL database, when running on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A database of one test file's own, empty or prepared as a server's start would (a copy of the run's
 * template): in-memory PGlite by default, or — when DATABASE_URL is set — a uniquely named database on that
 * PostgreSQL server, dropped afterwards.
 */
export async function openTestDatabase(kind: TemplateKind = 'empty'): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: null, pgliteArchive: await pgliteTemplate(kind) });
    return { database, url: undefined, drop: () => database.close() };
  }
  const scratch = await scratchPostgresDatabase(serverUrl, 'test', postgresTemplate(kind));
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolSize: 5 });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A second connection to another test app's database: another server process, as far as the app can tell. */
async function reopen(other: TestApp): Promise<TestDatabase> {
  if (!other.databaseUrl) throw new Error('Only a PostgreSQL test database can be shared');
  const database = await openDatabase({ databaseUrl: other.databaseUrl, pgliteDir: null, poolSize: 5 });
  return { database, url: other.databaseUrl, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** This test's own PostgreSQL database, when running on PostgreSQL. */
  databaseUrl: string | undefined;
  storage: MediaStorage;
  close(): Promise<void>;
}

/** The API (no web pages) on a migrated and seeded test database, with DATA_DIR a temporary directory. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    sameDatabaseAs?: TestApp;
    logStream?: { write(line: string): void };
    /** Tighter server limits, so a test sees a timeout hit in seconds. */
    limits?: Partial<ServerLimits>;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  // A run's template is seeded; a test of an installation without the demo data starts empty and prepares it.
  const testDb = options.sameDatabaseAs
    ? await reopen(options.sameDatabaseAs)
    : await openTestDatabase(config.seedDemo ? 'prepared' : 'empty');
  const started = await appOnDatabase(config, testDb.database, options.logStream, options.limits);
  return {
    ...started,
    databaseUrl: testDb.url,
    async close() {
      await started.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * The API on a database the caller opened and closes (a data directory's own, as a server would open it):
 * prepared as at start-up; `close()` stops the app only.
 */
export async function appOnDatabase(
  config: Config,
  database: Database,
  logStream?: { write(line: string): void },
  limits?: Partial<ServerLimits>,
): Promise<TestApp> {
  await prepareDatabase(database, { seedDemo: config.seedDemo, legacyMediaDir: config.mediaDir });
  const storage = createMediaStore(database.db);
  // Pino takes a stream beside its level; the app's own type names only the level.
  const logger = logStream ? { level: 'info', stream: logStream } : false;
  const app = await buildApp({ config, database, storage, web: 'none', logger, limits });
  await app.ready();
  return { app, config, database, databaseUrl: config.databaseUrl, storage, close: () => app.close() };
}
