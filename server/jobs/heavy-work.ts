import { fairQueue } from './fair-queue.ts';
import { createPool } from './pool.ts';
import { type TaskInput, type TaskName, type TaskOutput, waitedFor } from './tasks.ts';

/**
 * Two pools per server process, each fed by its own fair queue, by whether someone is waiting for the answer
 * (decision 046). Work a person waits for on the screen (and short work besides) runs at nice 10: requests
 * come first, yet a busy machine does not starve it (at nice 19, with both cores busy at normal priority, a
 * one-page invoice was not done after two minutes). Print files, bulk work nobody waits for, run at nice 19,
 * on what requests leave of the CPU (decision 042). One child each: on the 2-core machine the site is sized
 * for, a second one drawing at the same priority would take the core the request thread needs (decision
 * 036). Each child's heap is capped well under the server's.
 */
const POOL = { size: 1, heapMb: 192, timeoutMs: 120_000, idleMs: 60_000 };
const QUEUE = { perOwner: 4, maxWaiting: 32, retryAfterSeconds: 5 };
export const WAITED_NICENESS = 10;
export const BACKGROUND_NICENESS = 19;

function lane(niceness: number) {
  return {
    pool: createPool({ ...POOL, niceness }),
    queue: fairQueue({ concurrency: POOL.size, ...QUEUE }),
  };
}
const waited = lane(WAITED_NICENESS);
const background = lane(BACKGROUND_NICENESS);

/** Who a task is for, so turns are fair: a signed-in user, else the client's address, or a background job. */
export type Owner = `user:${number}` | `client:${string}` | `job:${string}`;

/**
 * Runs one heavy task off the request thread, in its owner's turn, in the pool its kind belongs to. A refusal
 * (too many of the owner's own, or the queue full) is an AppError thrown before any work: a 429 or 503 with
 * Retry-After.
 */
export function runHeavy<K extends TaskName>(
  owner: Owner,
  name: K,
  input: TaskInput<K>,
  options: { timeoutMs?: number } = {},
): Promise<TaskOutput<K>> {
  const { pool, queue } = waitedFor(name) ? waited : background;
  return queue.run(owner, () => pool.run(name, input, options.timeoutMs));
}

/** Stops the pools' children (a server closing); a later task starts them again. */
export function closeHeavyWork(): void {
  waited.pool.close();
  background.pool.close();
}
