import type { ChangeFeed, ChangeTopic } from '../db/changes.ts';

/**
 * A bounded in-process cache of answers that are the same for every visitor. It is emptied whenever the
 * change feed reports a change to one of `topics` (from any process), and bypassed while the feed is not
 * live — so it never serves what the database no longer says.
 */
export class ResponseCache<V> {
  private readonly entries = new Map<string, V>();
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

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
