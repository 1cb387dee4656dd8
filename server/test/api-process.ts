import path from 'node:path';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { appOnDatabase } from './test-app.ts';

/**
 * The API as its own process on DATA_DIR (or DATABASE_URL), listening on PORT: what a test needs to watch a
 * server's memory, kill it and start it again, without the pages' build. Prints one line once listening.
 */
const config = parseConfig(process.env);
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const started = await appOnDatabase(config, database);
await started.app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`listening ${config.port}\n`);
const stop = async () => {
  await started.close();
  await database.close();
  release();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
