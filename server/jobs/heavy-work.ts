import { fairQueue } from './fair-queue.ts';
import { createPool } from './pool.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/**
 * One pool per server process, fed by one fair queue. One child: on the 2-core machine the site is sized for,
 * a second one drawing at once would take the core the request thread needs (decision 036; 1 against 2 not
 * yet measured on a quiet machine). Each child's heap is capped well under the server's.
 */
const POOL = { size: 1, heapMb: 192, timeoutMs: 120_000, idleMs: 60_000 };
const QUEUE = { perOwner: 4, maxWaiting: 32, retryAfterSeconds: 5 };

const pool = createPool(POOL);
const queue = fairQueue({ concurrency: POOL.size, ...QUEUE });

/** Who a task is for, so turns are fair: a signed-in user, else the client's address, or a background job. */
export type Owner = `user:${number}` | `client:${string}` | `job:${string}`;

/**
 * Runs one heavy task off the request thread, in its owner's turn. A refusal (too many of the owner's own,
 * or the queue full) is an AppError thrown before any work: a 429 or 503 with Retry-After.
 */
export function runHeavy<K extends TaskName>(
  owner: Owner,
  name: K,
  input: TaskInput<K>,
  options: { timeoutMs?: number } = {},
): Promise<TaskOutput<K>> {
  return queue.run(owner, () => pool.run(name, input, options.timeoutMs));
}

/** Stops the pool's children (a server closing); a later task starts them again. */
export function closeHeavyWork(): void {
  pool.close();
}
