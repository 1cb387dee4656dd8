import path from 'node:path';
import { ConfigError, parseConfig } from '../config.ts';
import { backup, restore } from '../db/backup.ts';
import { DataDirBusyError } from '../db/lock.ts';
import type { CommandIo } from './command-io.ts';

const USAGE = 'Usage: npm run backup -- [DIRECTORY]   |   npm run restore -- DIRECTORY';

/**
 * `npm run backup` / `npm run restore`: the database of the configured site (images included), to or from a
 * directory. 0 when done; 1 with one line on standard error when refused.
 */
export async function main(argv: string[], io: CommandIo): Promise<number> {
  try {
    const config = parseConfig(io.env);
    const [command, dir] = argv;
    if (command === 'backup') {
      const target = path.resolve(
        dir ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')),
      );
      const manifest = await backup(config, target);
      io.out(`Backed up the ${manifest.database} database (uploaded images included) to ${target}\n`);
    } else if (command === 'restore' && dir) {
      const manifest = await restore(config, path.resolve(dir));
      io.out(
        `Restored the ${manifest.database} database (uploaded images included) from the backup of ${manifest.created_at}.\n`,
      );
    } else {
      throw new ConfigError(USAGE);
    }
    return 0;
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirBusyError;
    io.err(`${known ? error.message : ((error as Error).message ?? String(error))}\n`);
    return 1;
  }
}
