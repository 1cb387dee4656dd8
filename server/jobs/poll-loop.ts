import type { FastifyBaseLogger } from 'fastify';

interface PollLoop {
  /**
   * Drains now; a call during a drain makes that drain look again before it ends, instead of starting a
   * second one beside it. Resolves with how much the drain did.
   */
  drain(): Promise<number>;
  /** Drains soon, not now (a caller's transaction commits first); nothing before start() or after close(). */
  nudge(): void;
  /** Drains now and then every intervalMs. */
  start(): void;
  /** Stops the loop and waits for a drain under way, whatever its outcome. */
  close(): Promise<void>;
}

/**
 * The loop of a durable queue in this process (the mail queue, print files): one drain at a time, on a timer,
 * sooner when nudged. `drainOnce` does one pass over the queue and should stop early once `closed()`.
 */
export function pollLoop(options: {
  drainOnce(closed: () => boolean): Promise<number>;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What the log says when a drain fails (the database out of reach). */
  failure: string;
}): PollLoop {
  const { drainOnce, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<number> | undefined;
  let again = false;
  const isClosed = () => closed;

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      do {
        again = false;
        done += await drainOnce(isClosed);
      } while (again && !closed);
      return done;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick() {
    if (closed) return;
    drain().catch((error) => log.warn({ err: error }, options.failure));
  }

  return {
    drain,
    nudge() {
      if (!timer || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        tick();
      }, 20);
      soon.unref();
    },
    start() {
      if (timer || closed) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      tick();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(soon);
      await running?.catch(() => undefined);
    },
  };
}
