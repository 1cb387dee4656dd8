import { AppError } from '../errors.ts';

/**
 * Runs at most `concurrency` tasks at once with at most `maxWaiting` more in line; a task beyond that is
 * refused at once with `busy` (a 503 with Retry-After) instead of piling up memory and latency. Without
 * `maxWaiting`, every task waits its turn.
 */
export function boundedQueue(
  options: { concurrency: number } & (
    | { maxWaiting?: undefined }
    | { maxWaiting: number; busy: string; retryAfterSeconds: number }
  ),
) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) {
      active++;
      next();
    }
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= options.concurrency) {
        if (options.maxWaiting !== undefined && waiting.length >= options.maxWaiting) {
          throw new AppError('unavailable', options.busy, undefined, options.retryAfterSeconds);
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
