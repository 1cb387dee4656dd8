import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase, type Schema } from '../db/client.ts';
import { migrationsFolder } from '../paths.ts';

/** A copy of the migrations folder as it stood with `last` as its newest migration. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** Migrates an embedded database with the migrations in `folder`. */
export const migrateWith = (database: Database, folder: string) =>
  migrate(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });

/**
 * An embedded database as an installation stood with `last` as its newest migration, for the file's tests:
 * opened and migrated before them, closed after. Returns how to reach it.
 */
export function databaseMigratedTo(last: number): () => Database {
  let database: Database | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: null });
    folder = await migrationsUpTo(last);
    await migrateWith(database, folder);
  });
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!database) throw new Error('the database opens in beforeAll');
    return database;
  };
}

/** The rows of a query (PGlite answers with `rows`). */
export async function rowsOf<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
