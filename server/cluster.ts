import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { sessionSecretOf } from './config.ts';

/** A worker that dies this soon after it started counts toward a crash loop. */
const EARLY_EXIT_MS = 10_000;
const MAX_EARLY_EXITS = 5;
const STOP_GRACE_MS = 15_000;

/**
 * The primary process of `WORKERS=n`: forks n servers that share the port (node:cluster hands each new
 * connection to the next worker in turn), replaces a worker that dies, and on SIGTERM/SIGINT stops them
 * all gracefully. Everything the workers share lives in PostgreSQL (sessions, limits, counts, the change
 * feed that empties caches) or in DATA_DIR (media), so any worker can answer any request.
 */
export function runPrimary(config: Config): void {
  // Created once here, so workers never race to generate it (development without SESSION_SECRET).
  sessionSecretOf(config);
  let stopping = false;
  let earlyExits = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  for (let i = 0; i < config.workers; i++) fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (lived < EARLY_EXIT_MS && ++earlyExits >= MAX_EARLY_EXITS) {
      console.error(`Workers keep exiting at start (last: code ${code}, signal ${signal}); stopping.`);
      process.exit(1);
    }
    console.error(`Worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another.`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
    setTimeout(() => {
      console.error('Workers took too long to stop; exiting.');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
}

export const isClusterPrimary = (config: Config) => config.workers > 1 && cluster.isPrimary;
