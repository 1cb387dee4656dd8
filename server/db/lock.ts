import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite belongs to one process at a time. The holder writes its pid to DATA_DIR/server.lock;
 * a lock whose process is gone (a killed server) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string, owner = 'server'): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n${owner}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').startsWith(`${process.pid}\n`)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, holder] = readFileSync(file, 'utf8').split('\n');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by a running ${holder || 'server'} (pid ${pid}): stop it first, or use the admin console.`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}.`);
}
