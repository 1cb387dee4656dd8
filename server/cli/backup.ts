import path from 'node:path';
import { ConfigError, loadEnvFile, parseConfig } from '../config.ts';
import { backup, restore } from '../db/backup.ts';
import { DataDirBusyError } from '../db/lock.ts';

const USAGE = 'Usage: npm run backup -- [DIRECTORY]   |   npm run restore -- DIRECTORY';

/** `npm run backup` / `npm run restore`: the database of the configured site (images included), to or from a directory. */
async function main(): Promise<void> {
  loadEnvFile();
  const config = parseConfig(process.env);
  const [command, dir] = process.argv.slice(2);
  if (command === 'backup') {
    const target = path.resolve(dir ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
    const manifest = await backup(config, target);
    console.log(`Backed up the ${manifest.database} database (uploaded images included) to ${target}`);
  } else if (command === 'restore' && dir) {
    const manifest = await restore(config, path.resolve(dir));
    console.log(
      `Restored the ${manifest.database} database (uploaded images included) from the backup of ${manifest.created_at}.`,
    );
  } else {
    throw new ConfigError(USAGE);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) console.error(error.message);
  else console.error((error as Error).message ?? error);
  process.exit(1);
});
