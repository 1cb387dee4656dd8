import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on a PostgreSQL server through the database `serverUrl` names (CREATE/DROP DATABASE). */
async function runOn(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, named `{prefix}_{time}_{random}`, for one test
 * run or bench: empty, or a copy of the database `template`; `drop()` removes it whatever still holds it open.
 */
export async function scratchPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await runOn(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runOn(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
