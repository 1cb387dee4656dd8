import type { ChangeFeed } from '../db/changes.ts';
import { ResponseCache } from '../http/response-cache.ts';
import type { MediaStorage, StoredMedia } from './index.ts';

const MEDIA_TOPIC = 'media';
/**
 * Hot images kept per process: 32 of at most 512 KB (a stored photo is about 100–200 KB), under 16 MB at
 * worst. Reading a 125 KB photo from PostgreSQL costs about 2 ms of the two processes' CPU; a popular card's
 * photo, fetched by every new visitor, would otherwise cap the site at a few hundred answers a second.
 */
const MAX_ENTRIES = 32;
const MAX_CACHED_BYTES = 512 * 1024;

/**
 * The store with a small in-process cache of the bytes the /media route sends. Keys are content-addressed,
 * so an entry never goes stale; only a removal matters, and it is published on the change feed, which
 * every process hears before the remover's answer goes out (and the cache is bypassed while it cannot).
 */
export function cachedMediaStore(inner: MediaStorage, feed: ChangeFeed): MediaStorage {
  const cache = new ResponseCache<StoredMedia>(feed, MAX_ENTRIES, [MEDIA_TOPIC]);
  return {
    put: (stem, extension, data) => inner.put(stem, extension, data),
    async remove(publicPath) {
      await inner.remove(publicPath);
      await feed.publish(MEDIA_TOPIC).catch(() => undefined);
    },
    read: (publicPath) => inner.read(publicPath),
    async find(key, withData) {
      const hit = cache.get(key);
      if (hit) return hit;
      if (!withData) return inner.find(key, false);
      const generation = cache.currentGeneration;
      const found = await inner.find(key, true);
      if (found?.data && found.size <= MAX_CACHED_BYTES) cache.set(key, found, generation);
      return found;
    },
  };
}
