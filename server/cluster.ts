import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { sessionSecretOf } from './config.ts';

/** A worker that dies this soon after it started counts toward a crash loop. */
const EARLY_EXIT_MS = 10_000;
const MAX_EARLY_EXITS = 5;
const STOP_GRACE_MS = 15_000;
/** The primary asks every worker for a sign of life this often, over the cluster's IPC channel. */
const HEARTBEAT_MS = 2_000;
/** A worker whose event loop has not answered for this long is hung (stopped, or stuck in a loop): replaced. */
const UNRESPONSIVE_MS = 10_000;
const HEARTBEAT_PING = 'heartbeat:ping';
const HEARTBEAT_PONG = 'heartbeat:pong';

/**
 * The primary process of `WORKERS=n`: forks n servers that share the port (node:cluster hands each new
 * connection to the next worker in turn), replaces a worker that dies, and on SIGTERM/SIGINT stops them
 * all gracefully. Everything the workers share lives in PostgreSQL (sessions, limits, counts, the change
 * feed that empties caches, uploaded images: decision 029), so any worker, or any host on the same
 * database, can answer any request; DATA_DIR needs no sharing.
 */
export function runPrimary(config: Config): void {
  // Created once here, so workers never race to generate it (development without SESSION_SECRET).
  sessionSecretOf(config);
  let stopping = false;
  let earlyExits = 0;
  const startedAt = new Map<number, number>();
  const lastSeen = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    lastSeen.set(worker.id, Date.now());
    worker.on('message', (message) => {
      if (message === HEARTBEAT_PONG) lastSeen.set(worker.id, Date.now());
    });
    return worker;
  };
  for (let i = 0; i < config.workers; i++) fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    lastSeen.delete(worker.id);
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

  // Health: a worker that stops answering the heartbeat is killed, and the exit handler starts another. The
  // cluster only hands connections to workers that listen, and they listen once the database is ready.
  const heartbeat = setInterval(() => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker || worker.isDead()) continue;
      const silent = Date.now() - (lastSeen.get(worker.id) ?? Date.now());
      if (silent > UNRESPONSIVE_MS) {
        console.error(`Worker ${worker.process.pid} has not answered for ${silent} ms; replacing it.`);
        lastSeen.set(worker.id, Number.POSITIVE_INFINITY);
        worker.process.kill('SIGKILL');
      } else if (worker.isConnected()) {
        worker.send(HEARTBEAT_PING, undefined, () => {});
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(heartbeat);
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

/** In a worker: answer the primary's heartbeat from this process's event loop. */
export function answerHeartbeats(): void {
  if (!cluster.isWorker) return;
  process.on('message', (message) => {
    if (message === HEARTBEAT_PING) process.send?.(HEARTBEAT_PONG);
  });
}
