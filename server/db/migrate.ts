import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.ts';
import type { Database, Db, Schema } from './client.ts';

/** Applies the committed drizzle-kit migrations; callers hold `database.exclusive`. */
export async function applyMigrations(database: Database, db: Db): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
