import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../db/changes.ts';
import { localChangeFeed } from '../db/changes.ts';
import { ResponseCache } from './response-cache.ts';

/** A feed whose liveness the test controls, like a PostgreSQL listener that drops and comes back. */
function controllableFeed(): ChangeFeed & { setLive(live: boolean): void; fire(topic: string): void } {
  const listeners = new Set<ChangeListener>();
  let live = true;
  return {
    get live() {
      return live;
    },
    setLive(value: boolean) {
      live = value;
    },
    fire(topic: string) {
      for (const listener of listeners) listener(topic);
    },
    async publish(topic) {
      this.fire(topic);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
  };
}

describe('ResponseCache', () => {
  it('keeps values until a change to one of its topics', async () => {
    const feed = localChangeFeed();
    const cache = new ResponseCache<string>(feed, 10, ['catalog']);
    cache.set('/a', 'A', cache.currentGeneration);
    await feed.publish('orders');
    expect(cache.get('/a')).toBe('A');
    await feed.publish('catalog');
    expect(cache.get('/a')).toBeUndefined();
  });

  it("'any' empties on every change", async () => {
    const feed = localChangeFeed();
    const cache = new ResponseCache<string>(feed, 10, 'any');
    cache.set('/a', 'A', cache.currentGeneration);
    await feed.publish('profiles');
    expect(cache.get('/a')).toBeUndefined();
  });

  it('does not keep a value computed across a change (it may be stale)', async () => {
    const feed = localChangeFeed();
    const cache = new ResponseCache<string>(feed, 10, ['catalog']);
    const before = cache.currentGeneration;
    await feed.publish('catalog');
    cache.set('/a', 'old', before);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops the least recently used entry past its bound', () => {
    const cache = new ResponseCache<number>(localChangeFeed(), 2, 'any');
    cache.set('/1', 1, cache.currentGeneration);
    cache.set('/2', 2, cache.currentGeneration);
    cache.get('/1');
    cache.set('/3', 3, cache.currentGeneration);
    expect(cache.size).toBe(2);
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')).toBe(1);
    expect(cache.get('/3')).toBe(3);
  });

  it('is bypassed while the change feed is not live, and starts empty when it is back', () => {
    const feed = controllableFeed();
    const cache = new ResponseCache<string>(feed, 10, ['catalog']);
    cache.set('/a', 'A', cache.currentGeneration);
    feed.setLive(false);
    feed.fire('*');
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', 'A2', cache.currentGeneration);
    feed.setLive(true);
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('ResponseCache single flight', () => {
  /** A computation the test finishes, counting how many were begun. */
  function gate() {
    let computed = 0;
    let release: (value: string | undefined) => void = () => {};
    const compute = () => {
      computed++;
      return new Promise<string | undefined>((resolve) => {
        release = resolve;
      });
    };
    return { compute, release: (value: string | undefined) => release(value), computed: () => computed };
  }

  it('shares one computation among concurrent misses for a key, and keeps it', async () => {
    const cache = new ResponseCache<string>(localChangeFeed(), 10, 'any');
    const { compute, release, computed } = gate();
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.getOrCompute('/a', compute)));
    release('A');
    expect(await answers).toEqual(Array(20).fill('A'));
    expect(computed()).toBe(1);
    expect(await cache.getOrCompute('/a', compute)).toBe('A');
    expect(computed()).toBe(1);
  });

  it('does not let requests after a change join a computation begun before it', async () => {
    const feed = localChangeFeed();
    const cache = new ResponseCache<string>(feed, 10, 'any');
    const before = gate();
    const old = cache.getOrCompute('/a', before.compute);
    await feed.publish('catalog');
    const after = gate();
    const fresh = cache.getOrCompute('/a', after.compute);
    before.release('old');
    after.release('new');
    expect(await old).toBe('old');
    expect(await fresh).toBe('new');
    expect(cache.get('/a')).toBe('new');
  });

  it('lets followers compute their own when the leader has nothing to share or fails', async () => {
    const cache = new ResponseCache<string>(localChangeFeed(), 10, 'any');
    const leader = gate();
    const first = cache.getOrCompute('/a', leader.compute);
    const follower = cache.getOrCompute('/a', async () => 'own');
    leader.release(undefined);
    expect(await first).toBeUndefined();
    expect(await follower).toBe('own');

    const failing = cache.getOrCompute('/b', () => Promise.reject(new Error('gone')));
    const after = cache.getOrCompute('/b', async () => 'B');
    await expect(failing).rejects.toThrow('gone');
    expect(await after).toBe('B');
  });
});
