import { Worker } from 'node:worker_threads';
import type { PgliteError, PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-worker.ts';
import { DatabaseTimeShare, databaseClient } from './time-share.ts';

interface PgliteResults {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** What drizzle-orm/pglite calls on a PGlite instance or transaction (its session.js). */
interface QueryClient {
  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<PgliteResults>;
}

/** The PGlite of pglite-worker.ts, seen from the main thread: enough of PGlite's interface for drizzle. */
interface PgliteThread extends QueryClient {
  transaction<T>(fn: (tx: QueryClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * From source (tsx, vitest) the worker is TypeScript, compiled on load by tsx; the production bundle has it
 * compiled beside main.js (package.json's build:server).
 */
function spawn(workerData: PgliteWorkerData): Worker {
  // The thread mostly passes messages and short-lived rows: V8's default young generation grew to 31 MB under
  // bench:load for nothing; capped at 8 MB it used 15 MB (decision 030, 2026-11-25).
  const options = { workerData, resourceLimits: { maxYoungGenerationSizeMb: 8 } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), options);
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const worker = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${worker}); });`, {
    ...options,
    eval: true,
  });
}

function toError({ message, name, ...fields }: PgliteError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/**
 * Starts PGlite in a worker thread. Each call is a message answered by id; a transaction holds PGlite (in the
 * worker) from `begin` to `end`, so other queries wait for it there, as they would on one PGlite.
 */
export async function startPgliteThread(workerData: PgliteWorkerData): Promise<PgliteThread> {
  const worker = spawn(workerData);
  const pending = new Map<number, { resolve(reply: PgliteReply): void; reject(error: Error): void }>();
  const share = new DatabaseTimeShare();
  let nextId = 1;
  /** Set once the worker cannot answer any more: every call then fails with it. */
  let stopped: Error | undefined;

  // Like a socket: the worker keeps the process alive only while an answer is awaited.
  const settle = (id: number) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiter;
  };
  const fail = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on('message', (reply: PgliteReply) => {
    const waiter = settle(reply.id);
    if (reply.error) waiter?.reject(toError(reply.error));
    else waiter?.resolve(reply);
  });
  // "PGlite is closed" is what db/errors.ts knows as the database being unavailable (a 503).
  worker.on('error', (error) => fail(new Error(`PGlite is closed: its thread failed: ${error.message}`)));
  worker.on('exit', (code) => fail(new Error(`PGlite is closed: its thread exited (${code})`)));

  /** Set by close(): nothing new may start, but open transactions must still reach their end. */
  let closing = false;
  let shutdown: Promise<void> | undefined;
  const call = (request: PgliteRequest) =>
    new Promise<PgliteReply>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const inTransaction = request.op === 'end' || (request.op === 'query' && request.tx !== undefined);
      if (closing && !inTransaction) return reject(new Error('PGlite is closed'));
      pending.set(request.id, { resolve, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage(request);
    });
  const ready = new Promise<PgliteReply>((resolve, reject) => pending.set(0, { resolve, reject }));
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  // A query on its own, or a whole transaction, waits for its client's turn and is counted to it; the
  // queries inside a transaction never wait (it holds PGlite meanwhile) and are counted with it at its end.
  const clientOf = (tx?: number): QueryClient => ({
    async query(sql, params = [], options) {
      const client = tx === undefined ? databaseClient() : undefined;
      await share.turn(client);
      const reply = await call({
        op: 'query',
        id: nextId++,
        sql,
        params,
        rowMode: options?.rowMode ?? 'object',
        tx,
      });
      share.charge(client, reply.ms ?? 0);
      return reply.result as PgliteResults;
    },
  });

  return {
    ...clientOf(),
    async transaction(fn) {
      const client = databaseClient();
      await share.turn(client);
      const tx = nextId++;
      await call({ op: 'begin', id: tx });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(clientOf(tx));
      } catch (error) {
        const ended = await call({ op: 'end', id: nextId++, tx, commit: false }).catch(() => undefined);
        share.charge(client, ended?.ms ?? 0);
        throw error;
      }
      const ended = await call({ op: 'end', id: nextId++, tx, commit: true });
      share.charge(client, ended.ms ?? 0);
      return result;
    },
    close() {
      shutdown ??= (async () => {
        if (stopped) return;
        // Queries already sent finish first: PGlite's close waits for them.
        const closed = call({ op: 'close', id: nextId++ });
        closing = true;
        await closed.catch(() => undefined);
        stopped = new Error('PGlite is closed');
        await worker.terminate();
      })();
      return shutdown;
    },
  };
}
