import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadPglite, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';

/**
 * The run's prepared databases, made once by Vitest's global setup (server/test/global-setup.ts) and copied
 * by each test file: starting PGlite (its initdb) and migrating and seeding cost about 3 s a file; loading a
 * dumped data directory costs about 0.5 s, and `CREATE DATABASE … TEMPLATE` less.
 */
export const TEMPLATES_ENV = {
  /** The folder holding `empty.tar.gz` and `prepared.tar.gz`, dumpPglite() archives. */
  pglite: 'TEST_PGLITE_TEMPLATES',
  /** The name of the migrated and seeded database on the DATABASE_URL server. */
  postgres: 'TEST_POSTGRES_TEMPLATE',
} as const;

/** A new database is empty (its test migrates it itself) or migrated and seeded as at a server's start. */
export type TemplateKind = 'empty' | 'prepared';

/** The archive a test's PGlite starts from; undefined outside a Vitest run (a bench, a script): start afresh. */
export async function pgliteTemplate(kind: TemplateKind): Promise<Uint8Array | undefined> {
  const folder = process.env[TEMPLATES_ENV.pglite];
  if (!folder) return undefined;
  return new Uint8Array(await readFile(path.join(folder, `${kind}.tar.gz`)));
}

/** The PostgreSQL database a test's database is copied from; undefined when there is none to copy. */
export function postgresTemplate(kind: TemplateKind): string | undefined {
  return kind === 'prepared' ? process.env[TEMPLATES_ENV.postgres] : undefined;
}

/**
 * Fills `dataDir/pglite` with the run's prepared database, as a server's first start would leave it, for a
 * command-line tool or a spawned server that opens the data directory itself (afresh outside a Vitest run).
 */
export async function writePreparedDataDir(dataDir: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const archive = await pgliteTemplate('prepared');
  if (archive) return loadPglite(pgliteDir, archive);
  const database = await openDatabase({ pgliteDir });
  await prepareDatabase(database, { seedDemo: true });
  await database.close();
}
