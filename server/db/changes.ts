import { randomUUID } from 'node:crypto';
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
/** Each listener answers a change here with its token, once its process has dropped what the change touched. */
const ACK_CHANNEL = 'app_changes_heard';
/** Names the listener connections, so a publisher can count the processes that must hear it. */
const LISTENER_NAME = 'app_changes_listener';
/** Any topic: sent when the listener (re)connects, since changes may have been missed meanwhile. */
const ALL_TOPICS = '*';
/** How long a publisher waits for every process to hear a change (one hung process must not stall writers). */
const HEARD_WAIT_MS = 2000;

/**
 * PostgreSQL NOTIFY/LISTEN: a change published by any process reaches every process. `publish` resolves once
 * every listening process has acknowledged the change (or after HEARD_WAIT_MS), so the writer's answer, and any
 * request after it, cannot reach a process that still serves the old data.
 */
export function postgresChangeFeed(pool: pg.Pool, url: string): ChangeFeed {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let live = false;
  let started = false;
  let closed = false;
  /** This process's publications still waiting for acknowledgements, by token. */
  const awaiting = new Map<string, () => void>();

  const lost = () => {
    if (!live) return;
    live = false;
    listeners.fire(ALL_TOPICS);
    if (!closed) void connect();
  };

  async function connect(): Promise<void> {
    while (!closed) {
      const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', ({ channel, payload = '' }) => {
        if (channel === ACK_CHANNEL) {
          awaiting.get(payload)?.();
          return;
        }
        const [topic = ALL_TOPICS, token] = (payload || ALL_TOPICS).split('\n');
        listeners.fire(topic);
        if (token) next.query('select pg_notify($1, $2)', [ACK_CHANNEL, token]).catch(() => undefined);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}; LISTEN ${ACK_CHANNEL}`);
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

  /** Notifies every process and waits until all that listen have heard, or HEARD_WAIT_MS has passed. */
  async function notifyAndWait(topic: ChangeTopic): Promise<void> {
    const counted = await pool.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTENER_NAME],
    );
    let unheard = counted.rows[0]?.n ?? 0;
    const token = randomUUID();
    const heard = new Promise<void>((resolve) => {
      awaiting.set(token, () => {
        unheard -= 1;
        if (unheard <= 0) resolve();
      });
    });
    try {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, `${topic}\n${token}`]);
      await Promise.race([heard, sleep(HEARD_WAIT_MS, undefined, { ref: false })]);
    } finally {
      awaiting.delete(token);
    }
  }

  return {
    get live() {
      return live;
    },
    async publish(topic) {
      listeners.fire(topic);
      if (live) await notifyAndWait(topic);
      else await pool.query('select pg_notify($1, $2)', [CHANNEL, topic]);
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
