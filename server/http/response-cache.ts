import type { ChangeFeed, ChangeTopic } from '../db/changes.ts';

/**
 * A bounded in-process cache of answers that are the same for every visitor. It is emptied whenever the
 * change feed reports a change to one of `topics` (from any process), and bypassed while the feed is not
 * live — so it never serves what the database no longer says.
 */
export class ResponseCache<V> {
  private readonly entries = new Map<string, V>();
  /** The computation under way for a key, begun since the last change. */
  private readonly inFlight = new Map<string, Promise<V | undefined>>();
  /** Computations begun before their key was forgotten: what they find may be stale, so it is not kept. */
  private readonly overtaken = new WeakSet<Promise<V | undefined>>();
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries: number,
    topics: ChangeTopic[] | 'any',
  ) {
    feed.subscribe((topic) => {
      if (topics === 'any' || topic === '*' || topics.includes(topic)) this.clear();
    });
  }

  get(key: string): V | undefined {
    if (!this.feed.live) return undefined;
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Least recently used goes first: re-inserting moves the key to the end.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /**
   * The kept value, or else `compute`'s, kept when it is not undefined (undefined: not to be shared).
   * Concurrent misses for one key share one computation (single flight): after a change, N requests for
   * one page render it once. A follower whose leader failed or had nothing to share computes its own.
   */
  async getOrCompute<T extends V | undefined>(key: string, compute: () => Promise<T>): Promise<V | T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    if (!this.feed.live) return compute();
    const pending = this.inFlight.get(key);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      return shared !== undefined ? shared : compute();
    }
    const generation = this.generation;
    const computing = compute();
    this.inFlight.set(key, computing);
    try {
      const value = await computing;
      if (value !== undefined && !this.overtaken.has(computing)) this.set(key, value, generation);
      return value;
    } finally {
      if (this.inFlight.get(key) === computing) this.inFlight.delete(key);
    }
  }

  /** Pass the generation read before computing `value`: a change in between means it may be stale. */
  set(key: string, value: V, generation: number): void {
    if (generation !== this.generation || !this.feed.live) return;
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get currentGeneration(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets the entries whose key `matches` (one page changed), leaving the others kept. */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
    for (const [key, computing] of this.inFlight) {
      if (!matches(key)) continue;
      this.overtaken.add(computing);
      this.inFlight.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    // What is being computed may be stale: requests from now on do not join it.
    this.inFlight.clear();
  }
}

/**
 * `feed` as caches see it while they cannot trust it: they keep nothing and every read computes its answer
 * (BENCH_UNCACHED, for measuring the misses). Changes are still published and heard.
 */
export function withCachesBypassed(feed: ChangeFeed): ChangeFeed {
  return {
    live: false,
    publish: (topic) => feed.publish(topic),
    subscribe: (listener) => feed.subscribe(listener),
    close: () => feed.close(),
  };
}
