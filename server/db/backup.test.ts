import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { main } from '../cli/backup-command.ts';
import { type Config, parseConfig } from '../config.ts';
import { postgresTemplate, writePreparedDataDir } from '../test/database-templates.ts';
import { request } from '../test/request.ts';
import { runCommand } from '../test/run-command.ts';
import { scratchPostgresDatabase } from '../test/scratch-database.ts';
import { appOnDatabase, type TestApp } from '../test/test-app.ts';
import { putProfile, signedInUser } from '../test/users.ts';
import { backup, restore } from './backup.ts';
import { openDatabase } from './client.ts';
import { leads } from './schema/index.ts';

const temp: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  temp.push(dir);
  return dir;
};
const dropped: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

/**
 * A site's configuration on a new data directory and, on PostgreSQL, a new database of its own: both as a
 * server's first start leaves them (copied from the run's prepared database).
 */
async function freshSite(): Promise<Config> {
  const dataDir = await tempDir();
  const server = process.env.DATABASE_URL;
  const scratch = server
    ? await scratchPostgresDatabase(server, 'backup', postgresTemplate('prepared'))
    : undefined;
  if (scratch) dropped.push(scratch.drop);
  else await writePreparedDataDir(dataDir);
  return parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
}

/** Runs `fn` against the site's API on its own database (as a server would open it), then stops both. */
async function withSite<T>(config: Config, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const t = await appOnDatabase(config, database);
    try {
      return await fn(t);
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

/** `npm run backup -- args` (or restore) on the site, run in this process through the command's `main`. */
const backupCommand = (config: Config, args: string[]) =>
  runCommand(main, args, {
    DATA_DIR: config.dataDir,
    LOG_LEVEL: 'silent',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
  });

const lead = (name: string) => ({
  kind: 'contact' as const,
  name,
  email: `${name}@example.test`,
  message: 'x',
});
const names = async (t: TestApp) =>
  (await t.database.db.select({ name: leads.name }).from(leads)).map((row) => row.name).sort();
const photo = (background: string) =>
  sharp({ create: { width: 120, height: 120, channels: 3, background } })
    .jpeg()
    .toBuffer();

it('backs up and restores the database with its uploaded photos, on the configured database', async () => {
  const config = await freshSite();
  const { cookie, photoPath, bytes } = await withSite(config, async (t) => {
    await t.database.db.insert(leads).values(lead('kept'));
    const user = await signedInUser(t);
    const uploaded = await putProfile(
      t,
      user.cookie,
      {},
      { filename: 'me.jpg', type: 'image/jpeg', data: await photo('#336699') },
    );
    expect(uploaded.status).toBe(200);
    const served = await request(t, { url: uploaded.body.profile_image });
    expect(served.status).toBe(200);
    return { cookie: user.cookie, photoPath: uploaded.body.profile_image as string, bytes: served.raw };
  });

  const target = path.join(await tempDir(), 'nightly');
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  expect(await backupCommand(config, ['backup', target])).toEqual({
    code: 0,
    stdout: `Backed up the ${kind} database (uploaded images included) to ${target}\n`,
    stderr: '',
  });

  // After the backup: a lead is lost, another arrives, and the photo is replaced (the old one removed).
  await withSite(config, async (t) => {
    await t.database.db.delete(leads).where(eq(leads.name, 'kept'));
    await t.database.db.insert(leads).values(lead('later'));
    const replaced = await putProfile(
      t,
      cookie,
      {},
      { filename: 'new.jpg', type: 'image/jpeg', data: await photo('#993366') },
    );
    expect(replaced.body.profile_image).not.toBe(photoPath);
    expect((await request(t, { url: photoPath })).status).toBe(404);
    expect(await names(t)).toEqual(['later']);
  });

  const restored = await backupCommand(config, ['restore', target]);
  expect(restored).toMatchObject({ code: 0, stderr: '' });
  expect(restored.stdout).toMatch(
    new RegExp(`^Restored the ${kind} database \\(uploaded images included\\) from the backup of 20\\d\\d-`),
  );
  // A restored database is a working one: migrations find nothing to do, it serves the photo and takes writes.
  await withSite(config, async (t) => {
    expect(await names(t)).toEqual(['kept']);
    const served = await request(t, { url: photoPath });
    expect(served.status).toBe(200);
    expect(served.raw).toEqual(bytes);
    await t.database.db.insert(leads).values(lead('after-restore'));
    expect(await names(t)).toEqual(['after-restore', 'kept']);
  });

  // The same backup put back on a new host: a fresh data directory (and database) serves the photo too.
  const elsewhere = await freshSite();
  await restore(elsewhere, target);
  await withSite(elsewhere, async (t) => {
    const served = await request(t, { url: photoPath });
    expect(served.status).toBe(200);
    expect(served.raw).toEqual(bytes);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });
}, 120_000);

it('a backup made before media moved into the database still restores its images', async () => {
  const config = await freshSite();
  await withSite(config, async () => {});
  const target = path.join(await tempDir(), 'old');
  await backup(config, target);
  // Backups of before decision 029 carried DATA_DIR/media beside the database.
  await mkdir(path.join(target, 'media', 'profiles'), { recursive: true });
  const legacy = await photo('#123456');
  await writeFile(path.join(target, 'media', 'profiles', '7-0123456789abcdef.jpg'), legacy);

  await restore(config, target);
  await withSite(config, async (t) => {
    const served = await request(t, { url: '/media/profiles/7-0123456789abcdef.jpg' });
    expect(served.status).toBe(200);
    expect(served.raw).toEqual(legacy);
  });
}, 120_000);

it('refuses a backup of the other kind of database', async () => {
  const dataDir = await tempDir();
  await writePreparedDataDir(dataDir);
  const config = parseConfig({ DATA_DIR: dataDir });
  const target = path.join(await tempDir(), 'b');
  await backup(config, target);
  const onPostgres = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1:1/none' });
  const refused = await backupCommand(onPostgres, ['restore', target]);
  expect(refused).toMatchObject({ code: 1, stdout: '' });
  expect(refused.stderr).toMatch(/backup is of a pglite database; the site is configured for postgres/);
  // A dump of an embedded database: seconds, more on a busy machine.
}, 60_000);

it('npm run backup and restore, started as a process, answer a wrong call with their usage and code 1', async () => {
  const started = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts'], {
    env: { ...process.env, DATA_DIR: await tempDir(), DATABASE_URL: '', LOG_LEVEL: 'silent' },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  expect(started).toMatchObject({
    code: 1,
    stdout: '',
    stderr: 'Usage: npm run backup -- [DIRECTORY]   |   npm run restore -- DIRECTORY\n',
  });
}, 60_000);

it('hands pg_dump and pg_restore the database password in their environment, never on their command line', async () => {
  // A fake pg_dump and pg_restore first on PATH, recording what they were started with (ps shows argv to
  // every user of the host; a process's environment only to its owner).
  const bin = await tempDir();
  const record = path.join(bin, 'calls.jsonl');
  const fake = `#!/usr/bin/env node
require('node:fs').appendFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), password: process.env.PGPASSWORD }) + '\\n');
`;
  for (const name of ['pg_dump', 'pg_restore']) await writeFile(path.join(bin, name), fake, { mode: 0o755 });
  const config = parseConfig({
    DATA_DIR: await tempDir(),
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'postgres://site:s3cret%2Fpw@db.example.test:5432/shop?sslmode=require',
  });
  const target = await tempDir();
  const path0 = process.env.PATH;
  process.env.PATH = `${bin}:${path0}`;
  try {
    await backup(config, target);
    await restore(config, target);
  } finally {
    process.env.PATH = path0;
  }
  const calls = (await readFile(record, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { argv: string[]; password?: string });
  expect(calls).toHaveLength(2);
  for (const call of calls) {
    expect(call.argv.join(' ')).not.toMatch(/s3cret/);
    expect(call.password).toBe('s3cret/pw');
    // Everything else about the connection is still there.
    expect(call.argv.join(' ')).toContain('postgres://site@db.example.test:5432/shop?sslmode=require');
  }
});
