/**
 * The embedded database in a worker thread (decision 030): PGlite executes its queries here, so the server's
 * main thread keeps rendering pages meanwhile. Started by pglite-thread.ts; answers its messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteWorkerData {
  /** PGlite data directory; null keeps the database in memory. */
  dataDir: string | null;
  postgresqlconf: string[];
}

export type PgliteRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  /** Opens a transaction; its id names it in the queries and the `end` that follow. */
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/** A driver error's message and its fields (code, constraint, detail…), which a thread boundary would drop. */
export type PgliteError = { message: string; name: string } & Record<string, string | number>;

export type PgliteReply = { id: number; result?: unknown; error?: PgliteError };

/**
 * What drizzle-orm/pglite asks for with every query (its session.js): dates, times and intervals as PostgreSQL
 * writes them, for drizzle's own column mapping. Functions cannot cross threads, so they are applied here.
 */
const asText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

function errorReply(id: number, error: unknown): PgliteReply {
  const value = error instanceof Error ? error : new Error(String(error));
  const fields: PgliteError = { message: value.message, name: value.name };
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' || typeof field === 'number') fields[key] = field;
  }
  return { id, error: fields };
}

/** Thrown inside PGlite's transaction callback so that PGlite rolls back. */
const ROLLBACK = Symbol('rollback');

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs in a worker thread');
  const { dataDir, postgresqlconf } = workerData as PgliteWorkerData;
  const options = { postgresqlconf, extensions: { pg_trgm }, parsers: DRIZZLE_PARSERS };
  const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;

  const send = (reply: PgliteReply) => port.postMessage(reply);
  const open = new Map<number, { tx: Transaction; end(commit: boolean, id: number): void }>();

  const query = async (request: Extract<PgliteRequest, { op: 'query' }>) => {
    const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
    if (!target) throw new Error('Transaction is closed');
    const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
      rowMode: request.rowMode,
    });
    return { rows, fields, affectedRows };
  };

  // PGlite's transaction() holds its lock until the callback returns: queries outside it wait in PGlite's
  // queue, as they did when PGlite ran on the main thread.
  const begin = (id: number) => {
    let endId: number | undefined;
    db.transaction(async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        open.set(id, {
          tx,
          end: (value, requestId) => {
            endId = requestId;
            resolve(value);
          },
        });
        send({ id });
      });
      open.delete(id);
      if (!commit) throw ROLLBACK;
    }).then(
      () => send({ id: endId ?? id }),
      (error: unknown) => {
        open.delete(id);
        if (endId === undefined) send(errorReply(id, error));
        else send(error === ROLLBACK ? { id: endId } : errorReply(endId, error));
      },
    );
  };

  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'query':
        query(request).then(
          (result) => send({ id: request.id, result }),
          (error: unknown) => send(errorReply(request.id, error)),
        );
        return;
      case 'begin':
        begin(request.id);
        return;
      case 'end': {
        const transaction = open.get(request.tx);
        if (transaction) transaction.end(request.commit, request.id);
        else send(errorReply(request.id, new Error('Transaction is closed')));
        return;
      }
      case 'close':
        db.close().then(
          () => send({ id: request.id }),
          (error: unknown) => send(errorReply(request.id, error)),
        );
    }
  });
  port.postMessage({ id: 0 });
}

serve().catch((error: unknown) => {
  parentPort?.postMessage(errorReply(0, error));
});
