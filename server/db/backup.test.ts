import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { createLocalStorage } from '../storage/index.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { backup, restore } from './backup.ts';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { leads } from './schema/index.ts';

const temp: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  temp.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

const lead = (name: string) => ({
  kind: 'contact' as const,
  name,
  email: `${name}@example.test`,
  message: 'x',
});

it('backs up and restores the database and the media, on the configured database', async () => {
  const dataDir = await tempDir();
  const pg = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
  const config = parseConfig({ DATA_DIR: dataDir, ...(pg?.url ? { DATABASE_URL: pg.url } : {}) });
  const open = () =>
    openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const names = async () => {
    const database = await open();
    try {
      return (await database.db.select({ name: leads.name }).from(leads)).map((row) => row.name).sort();
    } finally {
      await database.close();
    }
  };
  try {
    let database = await open();
    await prepareDatabase(database, createLocalStorage(config.mediaDir));
    await database.db.insert(leads).values(lead('kept'));
    await database.close();

    const target = path.join(await tempDir(), 'nightly');
    const manifest = await backup(config, target);
    expect(manifest.database).toBe(config.databaseUrl ? 'postgres' : 'pglite');
    expect(existsSync(path.join(target, 'media', 'cards'))).toBe(true);

    // After the backup: a lead is lost, another arrives, and a cover is deleted.
    database = await open();
    await database.db.delete(leads).where(eq(leads.name, 'kept'));
    await database.db.insert(leads).values(lead('later'));
    await database.close();
    const cover = path.join(config.mediaDir, 'cards', 'classic-intro-card-matte-black.svg');
    await rm(cover);
    expect(await names()).toEqual(['later']);

    await restore(config, target);
    expect(await names()).toEqual(['kept']);
    expect(existsSync(cover)).toBe(true);
    // A restored database is a working one: migrations find nothing to do and it takes writes.
    database = await open();
    await prepareDatabase(database, createLocalStorage(config.mediaDir));
    await database.db.insert(leads).values(lead('after-restore'));
    await database.close();
    expect(await names()).toEqual(['after-restore', 'kept']);
  } finally {
    await pg?.drop();
  }
}, 60_000);

it('refuses a backup of the other kind of database', async () => {
  const dataDir = await tempDir();
  const config = parseConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await prepareDatabase(database, createLocalStorage(config.mediaDir));
  await database.close();
  const target = path.join(await tempDir(), 'b');
  await backup(config, target);
  await expect(
    restore(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1:1/none' }), target),
  ).rejects.toThrow(/backup is of a pglite database; the site is configured for postgres/);
  // A new embedded database on disk (initdb) and a dump of it: seconds, more on a busy machine.
}, 60_000);
