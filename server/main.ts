import path from 'node:path';
import { buildApp } from './app.ts';
import { answerHeartbeats, isClusterPrimary, runPrimary } from './cluster.ts';
import { ConfigError, loadEnvFile, parseConfig, rememberSiteAddress } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirBusyError } from './db/lock.ts';
import { prepareDatabase } from './db/prepare.ts';
import { withCachesBypassed } from './http/response-cache.ts';
import { assertSellerIban } from './modules/billing/seller.ts';
import { assertSunKeysConfigured } from './modules/registry/sun/required-keys.ts';
import { createMediaStore } from './storage/index.ts';
import { MissingBuildError } from './web.ts';

async function main(): Promise<void> {
  loadEnvFile();
  const config = parseConfig(process.env);
  assertSellerIban();
  const dev = process.argv.includes('--dev');
  if (!dev && isClusterPrimary(config)) {
    runPrimary(config);
    return;
  }
  answerHeartbeats();

  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const { seededCards, importedMedia } = await prepareDatabase(database, {
    seedDemo: config.seedDemo,
    legacyMediaDir: config.mediaDir,
  });
  const storage = createMediaStore(database.db);
  await assertSunKeysConfigured(database.db, config.sunMasterKeys);

  const served = config.benchUncached
    ? { ...database, changes: withCachesBypassed(database.changes) }
    : database;
  const app = await buildApp({ config, database: served, storage, web: dev ? 'dev' : 'build' });
  if (seededCards > 0) app.log.info({ cards: seededCards }, 'seeded the demo catalogue');
  if (importedMedia > 0) app.log.info({ files: importedMedia }, 'moved DATA_DIR/media into the database');
  if (config.nodeEnv === 'production' && !config.smtpUrl) {
    app.log.warn(
      { outbox: path.join(config.dataDir, 'outbox') },
      'SMTP_URL is not set: e-mail (activation and reset links too) is written to the outbox, not sent',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    let waitingFor = (): Record<string, number> => app.closeSteps();
    const force = setTimeout(() => {
      app.log.error(
        { waitingFor: waitingFor(), resources: process.getActiveResourcesInfo() },
        'shutdown took over 10 s, exiting',
      );
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      const databaseSince = performance.now();
      waitingFor = () => ({ database: Math.round(performance.now() - databaseSince) });
      await database.close();
    } finally {
      releaseLock();
    }
    process.exit(0);
  };
  // `on`, not `once`: a second signal (systemd and a cluster primary both sending one) must not kill the
  // process mid-request; `shutdown` ignores the repeats.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    releaseLock();
    throw error;
  }
  rememberSiteAddress(config);
  app.log.info(
    { url: config.publicUrl, database: database.kind, mode: dev ? 'development' : 'production' },
    'site ready',
  );
}

main().catch((error: unknown) => {
  // Configuration and start-up problems get one clear line, not a stack trace.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirBusyError ||
    error instanceof MissingBuildError
  ) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port is already in use: ${(error as Error).message}. Set PORT to another port.`);
  } else {
    console.error('Could not start the server:', error);
  }
  process.exit(1);
});
