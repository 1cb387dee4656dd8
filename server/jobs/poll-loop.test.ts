import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollLoop } from './poll-loop.ts';

/** A drainOnce whose passes each wait until the test finishes them, in order. */
function heldDrains() {
  const waiting: ((done: number) => void)[] = [];
  const seenClosed: boolean[] = [];
  let started = 0;
  let running = 0;
  let most = 0;
  return {
    async drainOnce(closed: () => boolean): Promise<number> {
      started++;
      running++;
      most = Math.max(most, running);
      const done = await new Promise<number>((finish) => waiting.push(finish));
      seenClosed.push(closed());
      running--;
      return done;
    },
    started: () => started,
    most: () => most,
    seenClosed,
    /** Finishes the pass under way with `done` and lets the loop go on. */
    async finish(done: number) {
      const finish = waiting.shift();
      if (!finish) throw new Error('no pass under way');
      finish(done);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const log = { warn: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  log.warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollLoop', () => {
  it('runs one drain at a time: a drain asked for during another joins it', async () => {
    const held = heldDrains();
    const loop = pollLoop({ drainOnce: held.drainOnce, intervalMs: 60_000, log, failure: 'x' });
    const first = loop.drain();
    const second = loop.drain();
    const third = loop.drain();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started()).toBe(1);
    await held.finish(2);
    // The calls during the pass make it look once more, not once each, and not beside it.
    expect(held.started()).toBe(2);
    await held.finish(1);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(await third).toBe(3);
    expect(held.most()).toBe(1);
    expect(held.started()).toBe(2);
  });

  it('drains on start and every interval, and a nudge during a drain runs one more', async () => {
    const held = heldDrains();
    const loop = pollLoop({ drainOnce: held.drainOnce, intervalMs: 60_000, log, failure: 'x' });
    loop.nudge(); // not started: nothing
    await vi.advanceTimersByTimeAsync(100);
    expect(held.started()).toBe(0);

    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started()).toBe(1);
    loop.nudge();
    loop.nudge();
    await vi.advanceTimersByTimeAsync(20);
    expect(held.started()).toBe(1);
    await held.finish(0);
    expect(held.started()).toBe(2);
    await held.finish(0);
    expect(held.started()).toBe(2);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.started()).toBe(3);
    await held.finish(0);
    expect(held.most()).toBe(1);
    await loop.close();
  });

  it('logs a failed drain and keeps polling', async () => {
    let calls = 0;
    const loop = pollLoop({
      drainOnce: async () => {
        calls++;
        if (calls === 1) throw new Error('database gone');
        return 0;
      },
      intervalMs: 1000,
      log,
      failure: 'queue not reachable',
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'queue not reachable');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await loop.close();
  });

  it('close stops the loop and waits for the drain under way, which sees it closed', async () => {
    const held = heldDrains();
    const loop = pollLoop({ drainOnce: held.drainOnce, intervalMs: 1000, log, failure: 'x' });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.drain(); // would look again, but the loop closes first
    let closed = false;
    const closing = loop.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    await held.finish(5);
    await closing;
    expect(closed).toBe(true);
    expect(held.seenClosed).toEqual([true]);

    loop.nudge();
    loop.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.started()).toBe(1);
  });
});
