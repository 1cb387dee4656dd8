import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { throttledPublisher } from './changes.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('publishes the first request at once and gathers the rest of the interval into one', async () => {
  const published: string[] = [];
  const throttle = throttledPublisher(async (topic) => void published.push(topic), 'catalog', 60_000);
  throttle.request();
  expect(published).toEqual(['catalog']);
  for (let i = 0; i < 50; i++) throttle.request();
  expect(published).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(published).toHaveLength(2);
  // Quiet for longer than the interval: the next request goes at once again.
  await vi.advanceTimersByTimeAsync(120_000);
  throttle.request();
  expect(published).toHaveLength(3);
  throttle.request();
  throttle.stop();
  await vi.advanceTimersByTimeAsync(120_000);
  expect(published).toHaveLength(3);
});
