/**
 * Makes the run's template databases (database-templates.ts); run by global-setup.ts as
 * `node --import tsx server/test/make-templates.ts <folder>` because Vitest's global setup runs in a module
 * runner that cannot start the database's thread. With DATABASE_URL: prepares that database (a template the
 * setup created); otherwise writes `empty.tar.gz` and `prepared.tar.gz` into the folder.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: make-templates.ts <folder | postgres url>');

if (target.startsWith('postgres')) {
  const database = await openDatabase({ databaseUrl: target, pgliteDir: null, poolSize: 1 });
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
} else {
  for (const kind of ['empty', 'prepared'] as const) {
    const dataDir = path.join(target, kind);
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      if (kind === 'prepared') await prepareDatabase(database);
    } finally {
      await database.close();
    }
    await writeFile(path.join(target, `${kind}.tar.gz`), await dumpPglite(dataDir));
    await rm(dataDir, { recursive: true, force: true });
  }
}
