import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Each client's share of the embedded database's time (decision 041). PGlite has one connection: a query
 * runs alone and everyone else's wait behind it, so a client who sends 200 ms queries back to back (an admin
 * paging through 100,000 orders, a script) would make every visitor wait. Each client has a bucket of
 * database milliseconds, BURST_MS full, refilled at SHARE of the clock; a query's time is taken from its
 * client's bucket after it ran, and a client whose bucket is empty waits before its next query until it is
 * back above zero. A person clicking through pages never waits; one client at full speed gets SHARE of the
 * database and leaves the rest to the others.
 */

/** A client's share of the database's time while it keeps asking. */
export const SHARE = 0.25;
/** Database time a client may use at once before its share applies. */
export const BURST_MS = 500;
/** Clients remembered at most; beyond that the ones with a full bucket are forgotten first. */
const MAX_CLIENTS = 10_000;

const current = new AsyncLocalStorage<string>();

/** Runs `fn` with its queries counted to `client` (a request's client address). */
export function asDatabaseClient<T>(client: string, fn: () => T): T {
  return current.run(client, fn);
}

/** The client the queries made here are counted to; undefined outside requests (start-up, jobs). */
export const databaseClient = (): string | undefined => current.getStore();

interface Bucket {
  tokens: number;
  at: number;
}

export class DatabaseTimeShare {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  #bucket(client: string): Bucket {
    const now = this.#now();
    const bucket = this.#buckets.get(client);
    if (!bucket) return { tokens: BURST_MS, at: now };
    bucket.tokens = Math.min(BURST_MS, bucket.tokens + (now - bucket.at) * SHARE);
    bucket.at = now;
    return bucket;
  }

  /** How long `client` must wait before its next query (0: at once). */
  waitMs(client: string): number {
    const bucket = this.#bucket(client);
    return bucket.tokens >= 0 ? 0 : -bucket.tokens / SHARE;
  }

  /** Waits for the client's turn (no wait for work outside requests). */
  async turn(client: string | undefined): Promise<void> {
    if (client === undefined) return;
    const ms = this.waitMs(client);
    if (ms > 0) await sleep(ms);
  }

  /** Takes `ms` of database time from `client`'s bucket. */
  charge(client: string | undefined, ms: number): void {
    if (client === undefined || !(ms > 0)) return;
    const bucket = this.#bucket(client);
    bucket.tokens -= ms;
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > MAX_CLIENTS) this.#forgetFull();
  }

  #forgetFull(): void {
    for (const [client] of this.#buckets) {
      if (this.#bucket(client).tokens >= BURST_MS) this.#buckets.delete(client);
    }
    // Still too many (a flood of new addresses, each in debt): the oldest go, a tenth at once so that the
    // next floods do not each walk the whole map.
    for (const [client] of this.#buckets) {
      if (this.#buckets.size <= MAX_CLIENTS * 0.9) break;
      this.#buckets.delete(client);
    }
  }

  /** Clients remembered (for tests). */
  get size(): number {
    return this.#buckets.size;
  }
}
