import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { dumpPglite, loadPglite } from './client.ts';
import { acquireDataDirLock } from './lock.ts';

const run = promisify(execFile);

interface BackupManifest {
  format: 1;
  database: 'pglite' | 'postgres';
  created_at: string;
}

/**
 * The database URL without its password, and the password for PGPASSWORD: a command line is visible to every
 * user of the host (`ps`), a process's environment only to its owner.
 */
function connectionOf(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  return { url: url.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

const MANIFEST = 'manifest.json';
const PGLITE_FILE = 'database.tar.gz';
const POSTGRES_FILE = 'database.dump';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes a backup directory: the database (the embedded one's data directory as a gzipped tar, or a
 * `pg_dump` custom-format file; uploaded images are in it, decision 029) and a manifest. The embedded database is read only while
 * no server holds DATA_DIR; PostgreSQL can be backed up while the site runs (pg_dump is one snapshot).
 */
export async function backup(config: Config, target: string): Promise<BackupManifest> {
  await mkdir(target, { recursive: true });
  const manifest: BackupManifest = {
    format: 1,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    created_at: new Date().toISOString(),
  };
  if (config.databaseUrl) {
    const connection = connectionOf(config.databaseUrl);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${path.join(target, POSTGRES_FILE)}`, connection.url],
      { env: connection.env },
    );
  } else {
    const release = acquireDataDirLock(config.dataDir, 'backup');
    try {
      await writeFile(path.join(target, PGLITE_FILE), await dumpPglite(path.join(config.dataDir, 'pglite')));
    } finally {
      release();
    }
  }
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: the database as it was, images included. What it replaces is kept beside it
 * (`*.before-restore-<time>`) for the embedded database; PostgreSQL's tables are dropped and recreated by
 * `pg_restore --clean`. A backup made before decision 029 also holds a `media` directory: it goes back to
 * DATA_DIR/media, and the next start moves it into the database. Stop the site first.
 */
export async function restore(config: Config, source: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(source, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format in ${source}`);
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== wanted) {
    throw new Error(
      `This backup is of a ${manifest.database} database; the site is configured for ${wanted}.`,
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (config.databaseUrl) {
    const connection = connectionOf(config.databaseUrl);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${connection.url}`,
        path.join(source, POSTGRES_FILE),
      ],
      { env: connection.env },
    );
  } else {
    const release = acquireDataDirLock(config.dataDir, 'restore');
    try {
      const dir = path.join(config.dataDir, 'pglite');
      if (await exists(dir)) await rename(dir, `${dir}.before-restore-${stamp}`);
      await loadPglite(dir, await readFile(path.join(source, PGLITE_FILE)));
    } finally {
      release();
    }
  }
  if (await exists(path.join(source, 'media'))) {
    if (await exists(config.mediaDir))
      await rename(config.mediaDir, `${config.mediaDir}.before-restore-${stamp}`);
    await cp(path.join(source, 'media'), config.mediaDir, { recursive: true });
  }
  return manifest;
}
