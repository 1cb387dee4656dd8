import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** What changed, e.g. "catalog". Caches of derived data listen and drop what they hold. */
export type ChangeTopic = string;
export type ChangeListener = (topic: ChangeTopic) => void;

/**
 * Tells every process that data changed. `live` is false while a process cannot be sure to hear
 * about changes (PostgreSQL listener reconnecting): caches must not be trusted then.
 */
export interface ChangeFeed {
  publish(topic: ChangeTopic): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  readonly live: boolean;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<ChangeListener>();
  add(listener: ChangeListener): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  get size(): number {
    return this.set.size;
  }
  fire(topic: ChangeTopic): void {
    for (const listener of this.set) listener(topic);
  }
}

/** One process owns an embedded database, so telling this process is telling everyone. */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    live: true,
    async publish(topic) {
      listeners.fire(topic);
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {},
  };
}

const CHANNEL = 'app_changes';
/** Any topic: sent when the listener (re)connects, since changes may have been missed meanwhile. */
const ALL_TOPICS = '*';

/** PostgreSQL NOTIFY/LISTEN: a change published by any process reaches every process. */
export function postgresChangeFeed(pool: pg.Pool, url: string): ChangeFeed {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let live = false;
  let started = false;
  let closed = false;

  const lost = () => {
    if (!live) return;
    live = false;
    listeners.fire(ALL_TOPICS);
    if (!closed) void connect();
  };

  async function connect(): Promise<void> {
    while (!closed) {
      const next = new pg.Client({ connectionString: url });
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', (message) => listeners.fire(message.payload ?? ALL_TOPICS));
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        client = next;
        live = true;
        listeners.fire(ALL_TOPICS);
        return;
      } catch {
        await next.end().catch(() => {});
        await sleep(1000);
      }
    }
  }

  return {
    get live() {
      return live;
    },
    async publish(topic) {
      listeners.fire(topic);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, topic]);
    },
    subscribe(listener) {
      const remove = listeners.add(listener);
      if (!started) {
        started = true;
        void connect();
      }
      return remove;
    },
    async close() {
      closed = true;
      live = false;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Publishes a topic at most once per `intervalMs`: the first call at once, the calls after it gathered into one
 * at the end of the interval. For changes that may show a little late (best sellers after an order), so a busy
 * shop does not empty every cache in every process on every order.
 */
export function throttledPublisher(
  publish: (topic: ChangeTopic) => Promise<void>,
  topic: ChangeTopic,
  intervalMs: number,
): { request(): void; stop(): void } {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    last = Date.now();
    publish(topic).catch(() => undefined);
  };
  return {
    request() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait).unref();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
