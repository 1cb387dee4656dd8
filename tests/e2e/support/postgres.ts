import pg from 'pg';
import { scratchPostgresDatabase } from '../../../server/test/scratch-database.ts';

/** The machine's PostgreSQL (CI's too); tests that need it skip themselves where none answers. */
export const POSTGRES_SERVER_URL = (() => {
  const url = new URL(process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
})();

export async function hasPostgres(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `${POSTGRES_SERVER_URL}/postgres`,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the server's `postgres` database (CREATE/DROP DATABASE). */
export async function postgresAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${POSTGRES_SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database named after the test; `drop()` removes it whatever holds it open. */
export function freshPostgresDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  return scratchPostgresDatabase(`${POSTGRES_SERVER_URL}/postgres`, prefix);
}
