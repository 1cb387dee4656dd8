import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { boundedQueue } from './bounded-queue.ts';

describe('boundedQueue', () => {
  it('runs one task at a time, lets a few wait, and refuses the rest at once with a 503 and Retry-After', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 2, busy: 'Busy.', retryAfterSeconds: 5 });
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'done';
      });
    const outcomes = Array.from({ length: 5 }, () => task().catch((error: unknown) => error));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queue.active).toBe(1);
    expect(queue.waiting).toBe(2);
    const refused = (await Promise.race([outcomes[3], outcomes[4]])) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.status).toBe(503);
    expect(refused.detail).toBe('Busy.');
    expect(refused.retryAfterSeconds).toBe(5);
    while (releases.length > 0 || queue.active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await Promise.all(outcomes.slice(0, 3))).toEqual(['done', 'done', 'done']);
    expect(most).toBe(1);
    expect(queue.waiting).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 0, busy: 'Busy.', retryAfterSeconds: 5 });
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
