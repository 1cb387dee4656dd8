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
  /** A dumpPglite() archive the in-memory database starts from (tests copy one prepared database). */
  archive?: Uint8Array;
}

export type PgliteRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  /** Opens a transaction; its id names it in the queries and the `end` that follow. */
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/** A driver error's message and its fields (code, constraint, detail…), which a thread boundary would drop. */
export type PgliteError = { message: string; name: string } & Record<string, string | number>;

/**
 * `ms`: how long PGlite was busy with a query (without the wait behind others), or held by a transaction
 * from its begin to its end: what the query or transaction cost everyone else (time-share.ts).
 */
export type PgliteReply = { id: number; result?: unknown; error?: PgliteError; ms?: number };

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

/**
 * Bytes without text in between. Written, a bytea parameter is handed on as it is: PGlite's protocol writer
 * sends a Uint8Array as a binary parameter (bytearecv), where its own codec spelled it out in hex a byte at a
 * time through JavaScript strings (a 5 MB print PDF cost seconds of this thread and hundreds of MB of garbage,
 * while every other query waited). PGlite types a serializer as returning text, hence the cast. Read, results
 * come as text, so the hex is decoded by Buffer's native codec.
 */
const asBinaryParameter = (value: Uint8Array) => value as unknown as string;
const BYTEA_CODEC = {
  serializers: { [types.BYTEA]: asBinaryParameter },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
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
  const { dataDir, postgresqlconf, archive } = workerData as PgliteWorkerData;
  const options = {
    postgresqlconf,
    ...(archive ? { loadDataDir: new Blob([new Uint8Array(archive)]) } : {}),
    extensions: { pg_trgm },
    parsers: { ...DRIZZLE_PARSERS, ...BYTEA_CODEC.parsers },
    serializers: BYTEA_CODEC.serializers,
  };
  const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;

  const send = (reply: PgliteReply) => port.postMessage(reply);
  const open = new Map<number, { tx: Transaction; end(commit: boolean, id: number): void }>();

  // PGlite runs one thing at a time, in order: a query sent while another ran began when that one ended.
  let lastDone = 0;
  const busySince = (sent: number) => {
    const now = performance.now();
    const ms = now - Math.max(sent, lastDone);
    lastDone = now;
    return ms;
  };

  const query = async (request: Extract<PgliteRequest, { op: 'query' }>) => {
    const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
    if (!target) throw new Error('Transaction is closed');
    const sent = performance.now();
    const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
      rowMode: request.rowMode,
    });
    return { result: { rows, fields, affectedRows }, ms: busySince(sent) };
  };

  // PGlite's transaction() holds its lock until the callback returns: queries outside it wait in PGlite's
  // queue, as they did when PGlite ran on the main thread.
  const begin = (id: number) => {
    let endId: number | undefined;
    let held = 0;
    db.transaction(async (tx) => {
      held = performance.now();
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
      () => {
        lastDone = performance.now();
        send({ id: endId ?? id, ms: lastDone - held });
      },
      (error: unknown) => {
        open.delete(id);
        if (endId === undefined) send(errorReply(id, error));
        else if (error === ROLLBACK) send({ id: endId, ms: performance.now() - held });
        else send(errorReply(endId, error));
      },
    );
  };

  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'query':
        query(request).then(
          ({ result, ms }) => send({ id: request.id, result, ms }),
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
