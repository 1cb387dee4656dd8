import { HEAVY_WORK_MESSAGES } from '../../common/messages/heavy-work.ts';
import { AppError } from '../errors.ts';

interface FairQueueOptions {
  /** Tasks running at once (the pool's size). */
  concurrency: number;
  /** Tasks one owner may have waiting or running; beyond that, a 429. */
  perOwner: number;
  /** Tasks waiting in all; beyond that, a 503. */
  maxWaiting: number;
  retryAfterSeconds: number;
}

interface Lane {
  tasks: Array<() => void>;
  /** When the owner was last served (a newcomer: just before the last one served). */
  turn: number;
}

/**
 * Takes turns between owners (a user, or a client address when signed out): when a slot frees, the owner
 * served longest ago has their oldest task started, so one owner's fifty tasks delay another's one by at most one
 * task. Each owner and the whole queue are bounded; a task beyond either is refused at once, before any work.
 */
export function fairQueue(options: FairQueueOptions) {
  let running = 0;
  /** Owners with tasks waiting; each owner's own tasks in order. */
  const lanes = new Map<string, Lane>();
  const held = new Map<string, number>();
  /** When each owner with tasks running or waiting was last served. */
  const served = new Map<string, number>();
  let waiting = 0;
  let clock = 0;

  /** The owner served longest ago (lanes are few: at most maxWaiting). */
  function nextLane(): [string, Lane] | undefined {
    let chosen: [string, Lane] | undefined;
    for (const entry of lanes) if (!chosen || entry[1].turn < chosen[1].turn) chosen = entry;
    return chosen;
  }

  function next() {
    while (running < options.concurrency) {
      const chosen = nextLane();
      if (!chosen) return;
      const [owner, lane] = chosen;
      const start = lane.tasks.shift();
      lane.turn = ++clock;
      served.set(owner, clock);
      if (lane.tasks.length === 0) lanes.delete(owner);
      if (!start) continue;
      waiting--;
      running++;
      start();
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
      const mine = held.get(owner) ?? 0;
      if (mine >= options.perOwner) {
        throw new AppError(
          'too_many_requests',
          HEAVY_WORK_MESSAGES.yourTurn,
          undefined,
          options.retryAfterSeconds,
        );
      }
      if (waiting >= options.maxWaiting && running >= options.concurrency) {
        throw new AppError('unavailable', HEAVY_WORK_MESSAGES.busy, undefined, options.retryAfterSeconds);
      }
      held.set(owner, mine + 1);
      try {
        await new Promise<void>((start) => {
          const lane = lanes.get(owner);
          if (lane) lane.tasks.push(start);
          else lanes.set(owner, { tasks: [start], turn: served.get(owner) ?? clock - 0.5 });
          waiting++;
          next();
        });
        try {
          return await task();
        } finally {
          running--;
          next();
        }
      } finally {
        const left = (held.get(owner) ?? 1) - 1;
        if (left > 0) held.set(owner, left);
        else {
          held.delete(owner);
          served.delete(owner);
        }
      }
    },
  };
}
