import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ChangeFeed, localChangeFeed, postgresChangeFeed } from './changes.ts';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: the code above this layer never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells every process sharing this database that data changed (caches listen). */
  changes: ChangeFeed;
  /** Runs `fn` while holding an exclusive, cross-process lock (migrations, seeding). */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres://… — when set, PostgreSQL through a pg pool. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `null` keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** For an in-memory PGlite: the dumpPglite() archive it starts from instead of an empty database. */
  pgliteArchive?: Uint8Array;
  poolSize?: number;
}

// An arbitrary constant: the advisory lock key that serialises start-up work across processes.
const STARTUP_LOCK_KEY = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteArchive);
}

/**
 * A small site needs far less than PostgreSQL's default 128 MB of shared buffers; inside a WebAssembly
 * heap that memory is never given back to the system.
 */
const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'temp_buffers = 2MB',
  'wal_buffers = 1MB',
  // Index builds (migrations) would otherwise touch up to 64 MB of the heap, which is then never returned.
  'maintenance_work_mem = 8MB',
  // Pages are read from local files the OS has cached (or from memory): a random read costs little more
  // than a sequential one. With the default (4) the planner prefers reading a whole table to the trigram
  // indexes of the admin search.
  'random_page_cost = 1.1',
];

// pg_trgm ships inside the PGlite package (no download): the admin search's trigram indexes need it.
const PGLITE_OPTIONS = { postgresqlconf: PGLITE_SETTINGS, extensions: { pg_trgm } };

/** The embedded database's whole data directory as a gzipped tar (the server must not be running). */
export async function dumpPglite(dir: string): Promise<Uint8Array> {
  const client = new PGlite(dir, PGLITE_OPTIONS);
  try {
    await client.waitReady;
    await client.query('select 1');
    const dump = await client.dumpDataDir('gzip');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Creates an embedded database in the empty directory `dir` from a dumpPglite() archive. */
export async function loadPglite(dir: string, archive: Uint8Array): Promise<void> {
  const client = new PGlite(dir, { ...PGLITE_OPTIONS, loadDataDir: new Blob([new Uint8Array(archive)]) });
  await client.waitReady;
  await client.query('select 1');
  await client.close();
}

/** Run with `node --input-type=module -e`: argv[1] is the PGlite module URL, then the directory and settings. */
const INIT_PGLITE = `
const [moduleUrl, dir, settings] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const db = new PGlite(dir, { postgresqlconf: JSON.parse(settings) });
await db.waitReady;
await db.close();
`;

async function openPglite(dir: string | null, archive?: Uint8Array): Promise<Database> {
  if (dir && !existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    // initdb runs in a second PGlite instance whose memory the WebAssembly heap keeps; doing it in a
    // short-lived child process keeps the server's resident memory at its steady-state size.
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        INIT_PGLITE,
        import.meta.resolve('@electric-sql/pglite'),
        dir,
        JSON.stringify(PGLITE_SETTINGS),
      ],
      { stdio: 'inherit' },
    );
  }
  // Its own thread (decision 030): queries run there while this thread renders pages.
  const client = await startPgliteThread({ dataDir: dir, postgresqlconf: PGLITE_SETTINGS, archive });
  const changes = localChangeFeed();
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  // One process owns a PGlite directory (see db/lock.ts), so an in-process queue is the whole lock.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    changes,
    exclusive(fn) {
      const run = queue.then(() => fn(db));
      queue = run.catch(() => {});
      return run;
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await changes.close();
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    // As for PGlite (see PGLITE_SETTINGS): data on SSD or in the page cache, so index reads are cheap. The
    // server's default of 4 makes the planner read whole tables instead of using the trigram indexes.
    options: '-c random_page_cost=1.1',
  });
  // A client losing its connection (server restart) must not crash the process: the pool handles idle ones
  // (its 'error' event); a checked-out one (a transaction) has the pool's listener removed, so it gets its own.
  // Its query still fails, so the request answers 503, and the pool drops the dead client when released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const changes = postgresChangeFeed(pool, url);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    changes,
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await changes.close();
      await pool.end();
    },
  };
}
