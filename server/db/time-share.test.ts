import { expect, it } from 'vitest';
import { asDatabaseClient, BURST_MS, DatabaseTimeShare, databaseClient, SHARE } from './time-share.ts';

function clock() {
  let now = 0;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

it('lets a client use BURST_MS at once, then holds it to SHARE of the clock', () => {
  const time = clock();
  const share = new DatabaseTimeShare(time.now);
  expect(share.waitMs('admin')).toBe(0);
  share.charge('admin', BURST_MS);
  expect(share.waitMs('admin')).toBe(0);
  share.charge('admin', 200);
  // 200 ms in debt: it waits until SHARE of the clock has paid it back.
  expect(share.waitMs('admin')).toBeCloseTo(200 / SHARE);
  time.advance(200 / SHARE / 2);
  expect(share.waitMs('admin')).toBeCloseTo(100 / SHARE);
  time.advance(100 / SHARE);
  expect(share.waitMs('admin')).toBe(0);
});

it('never holds one client for another’s debt, nor a client who used little', () => {
  const time = clock();
  const share = new DatabaseTimeShare(time.now);
  share.charge('script', 5_000);
  expect(share.waitMs('script')).toBeGreaterThan(0);
  for (let i = 0; i < 100; i++) {
    share.charge('visitor', 3);
    time.advance(20);
  }
  expect(share.waitMs('visitor')).toBe(0);
});

it('refills at most to BURST_MS, however long a client was away', () => {
  const time = clock();
  const share = new DatabaseTimeShare(time.now);
  share.charge('admin', 10);
  time.advance(60 * 60 * 1000);
  share.charge('admin', BURST_MS + 100);
  expect(share.waitMs('admin')).toBeCloseTo(100 / SHARE);
});

it('remembers a bounded number of clients however many addresses come', () => {
  const time = clock();
  const share = new DatabaseTimeShare(time.now);
  for (let i = 0; i < 25_000; i++) share.charge(`client:${i}`, 1);
  expect(share.size).toBeLessThanOrEqual(10_000);
});

it('knows whose queries are being made across awaits, and nobody’s outside', async () => {
  expect(databaseClient()).toBeUndefined();
  const seen = await asDatabaseClient('client:1.2.3.4', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return databaseClient();
  });
  expect(seen).toBe('client:1.2.3.4');
});
