import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { postgresChangeFeed } from './changes.ts';

const url = process.env.DATABASE_URL;
const pools: pg.Pool[] = [];
const feeds: ReturnType<typeof postgresChangeFeed>[] = [];

afterAll(async () => {
  await Promise.all(feeds.map((feed) => feed.close()));
  await Promise.all(pools.map((pool) => pool.end()));
});

/** One server process's feed: its own pool and its own listener. */
async function processFeed(heard: string[]) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const feed = postgresChangeFeed(pool, url ?? '');
  pools.push(pool);
  feeds.push(feed);
  feed.subscribe((topic) => heard.push(topic));
  for (let i = 0; i < 100 && !feed.live; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(feed.live).toBe(true);
  heard.length = 0;
  return feed;
}

it.runIf(url)('a change is heard by every other process before its publisher goes on', async () => {
  const writerHeard: string[] = [];
  const otherHeard: string[] = [];
  const writer = await processFeed(writerHeard);
  await processFeed(otherHeard);
  for (let i = 0; i < 20; i++) {
    await writer.publish(`catalog-${i}`);
    // No waiting here: the writer's answer goes out now, and the next request may reach the other process.
    expect(otherHeard).toContain(`catalog-${i}`);
  }
  expect(writerHeard).toContain('catalog-19');
});
