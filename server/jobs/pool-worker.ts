import { readdirSync } from 'node:fs';
import os from 'node:os';
import { AppError } from '../errors.ts';
import { POOL_NICENESS_ENV, type TaskReply } from './pool.ts';
import { runTask, type TaskName } from './tasks.ts';

/**
 * A child of the pool (pool.ts). It lowers its own OS priority first: on Linux a priority belongs to each
 * thread, so every thread it has by now (V8's own) is lowered too, and the threads it starts later (libuv's,
 * libvips') take the lowered one from the thread that starts them. Then it runs one task per message.
 */
function lowerPriority() {
  const niceness = Number(process.env[POOL_NICENESS_ENV] ?? 19);
  try {
    os.setPriority(0, niceness);
    for (const thread of readdirSync('/proc/self/task')) os.setPriority(Number(thread), niceness);
  } catch {
    // Not Linux, or not allowed: the work still runs, at the same priority as requests.
  }
}

lowerPriority();

process.on('message', async (message: { id: number; name: TaskName; input: never }) => {
  let reply: TaskReply;
  try {
    reply = { id: message.id, result: await runTask(message.name, message.input) };
  } catch (error) {
    const app =
      error instanceof AppError
        ? {
            kind: error.kind,
            ...(error.errors ? { errors: error.errors } : {}),
            ...(error.retryAfterSeconds ? { retry: error.retryAfterSeconds } : {}),
          }
        : undefined;
    reply = {
      id: message.id,
      error: { message: (error as Error).message ?? String(error), ...(app ? { app } : {}) },
    };
  }
  process.send?.(reply);
});
// Its parent gone, a child has nothing left to do.
process.on('disconnect', () => process.exit(0));
