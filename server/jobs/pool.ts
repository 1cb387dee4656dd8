import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError, type ErrorKind } from '../errors.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/** What a child sends back for one task: its result, or its error (an AppError keeps its kind). */
export type TaskReply =
  | { id: number; result: unknown }
  | {
      id: number;
      error: {
        message: string;
        app?: { kind: ErrorKind; errors?: Record<string, string[]>; retry?: number };
      };
    };

interface PoolOptions {
  /** Children at most, each running one task at a time. */
  size: number;
  /** Each child's V8 heap limit (--max-old-space-size). */
  heapMb: number;
  /** A task running longer is killed with its child (a new child takes the next task). */
  timeoutMs: number;
  /** A child with nothing to do this long exits; the next task starts one again. */
  idleMs: number;
  /** The children's OS priority (0 to 19, higher is lower): what they take of a CPU that requests also want. */
  niceness: number;
}

/** How a child learns the priority it lowers itself to (pool-worker.ts). */
export const POOL_NICENESS_ENV = 'POOL_NICENESS';

const TOO_SLOW = 'This took too long to prepare. Please try again later.';
const FAILED = 'This could not be prepared right now. Please try again later.';

/**
 * From source (tsx: dev, tests) the child's entry is TypeScript, loaded through tsx; the production bundle has
 * it compiled beside main.js (package.json's build:server), as for the PGlite thread.
 */
function startChild(heapMb: number, niceness: number): ChildProcess {
  const child = forkChild(heapMb, niceness);
  // Lowered at once, not only by the child itself: the production bundle loads its libraries (sharp, resvg,
  // pdfkit) before its first line runs, about a second of CPU that otherwise competed with requests. Threads
  // the child starts from now on take this priority; pool-worker.ts lowers those it had already.
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, niceness);
  } catch {
    // Not allowed here: the child lowers itself once it runs.
  }
  return child;
}

function forkChild(heapMb: number, niceness: number): ChildProcess {
  const heap = `--max-old-space-size=${heapMb}`;
  const young = '--max-semi-space-size=4';
  const options = {
    env: { ...process.env, MALLOC_ARENA_MAX: '1', [POOL_NICENESS_ENV]: String(niceness) },
    serialization: 'advanced' as const,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as const,
  };
  if (!import.meta.url.endsWith('.ts')) {
    return fork(fileURLToPath(new URL('./pool-worker.js', import.meta.url)), [], {
      ...options,
      stdio: [...options.stdio],
      execArgv: [heap, young],
    });
  }
  return fork(fileURLToPath(new URL('./pool-worker.ts', import.meta.url)), [], {
    ...options,
    stdio: [...options.stdio],
    execArgv: [heap, young, '--import', import.meta.resolve('tsx')],
  });
}

interface Running {
  id: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess;
  running: Running | undefined;
  idle: NodeJS.Timeout | undefined;
}

/**
 * A few child processes for heavy work (drawing, rasterising, PDFs, image re-encoding), started when first
 * needed, at the pool's OS priority from their first instant (and pool-worker.ts lowers the threads they
 * already had), so on a small machine the request thread keeps answering while they draw. A task is given to an idle child or a new one; the caller (the fair
 * queue) never gives more tasks than there are slots.
 */
export function createPool(options: PoolOptions) {
  const slots = new Set<Slot>();
  let nextId = 1;

  function retire(slot: Slot, error?: Error) {
    slots.delete(slot);
    clearTimeout(slot.idle);
    if (slot.running) {
      clearTimeout(slot.running.timer);
      slot.running.reject(error ?? new AppError('unavailable', FAILED, undefined, 5));
      slot.running = undefined;
    }
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
  }

  function newSlot(): Slot {
    const slot: Slot = {
      child: startChild(options.heapMb, options.niceness),
      running: undefined,
      idle: undefined,
    };
    slot.child.on('message', (reply: TaskReply) => {
      const running = slot.running;
      if (!running || running.id !== reply.id) return;
      slot.running = undefined;
      clearTimeout(running.timer);
      park(slot);
      if ('result' in reply) running.resolve(reply.result);
      else if (reply.error.app) {
        const { kind, errors, retry } = reply.error.app;
        running.reject(new AppError(kind, reply.error.message, errors, retry));
      } else running.reject(new Error(reply.error.message));
    });
    slot.child.on('exit', () => retire(slot));
    slot.child.on('error', () => retire(slot));
    slots.add(slot);
    return slot;
  }

  /** Idle: it no longer keeps the server process alive, and exits after a while. */
  function park(slot: Slot) {
    slot.child.channel?.unref();
    slot.idle = setTimeout(() => retire(slot), options.idleMs);
    slot.idle.unref();
  }

  return {
    get size() {
      return options.size;
    },
    /** Runs one task in a child; the caller keeps at most `size` tasks running. */
    run<K extends TaskName>(
      name: K,
      input: TaskInput<K>,
      timeoutMs = options.timeoutMs,
    ): Promise<TaskOutput<K>> {
      const slot = [...slots].find((candidate) => !candidate.running) ?? newSlot();
      clearTimeout(slot.idle);
      slot.child.channel?.ref();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => retire(slot, new AppError('unavailable', TOO_SLOW, undefined, 30)),
          timeoutMs,
        );
        slot.running = { id, resolve: resolve as (value: unknown) => void, reject, timer };
        slot.child.send({ id, name, input });
      });
    },
    /** Stops every child; a later task starts new ones. */
    close() {
      for (const slot of [...slots]) retire(slot);
    },
  };
}
