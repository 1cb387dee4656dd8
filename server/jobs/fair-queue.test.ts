import { describe, expect, it } from 'vitest';
import { HEAVY_WORK_MESSAGES } from '../../common/messages/heavy-work.ts';
import { AppError } from '../errors.ts';
import { fairQueue } from './fair-queue.ts';

/** A task that runs until `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair queue in front of the pool', () => {
  it('starts another owner’s one task after at most one of a busy owner’s many', async () => {
    const queue = fairQueue({ concurrency: 1, perOwner: 50, maxWaiting: 100, retryAfterSeconds: 5 });
    const started: string[] = [];
    const many = Array.from({ length: 20 }, (_, n) => gate(started, `a${n}`));
    const runs = many.map((job) => queue.run('user:1', job.task));
    const other = gate(started, 'b0');
    const theirs = queue.run('client:10.0.0.9', other.task);
    await tick();
    expect(started).toEqual(['a0']);
    many[0]?.finish();
    await tick();
    expect(started).toEqual(['a0', 'b0']);
    other.finish();
    await expect(theirs).resolves.toBe('b0');
    for (const job of many) job.finish();
    await Promise.all(runs);
    expect(started).toHaveLength(21);
  });

  it('refuses an owner’s task beyond their share with a 429, and any beyond the queue’s size with a 503', async () => {
    const queue = fairQueue({ concurrency: 1, perOwner: 2, maxWaiting: 3, retryAfterSeconds: 7 });
    const started: string[] = [];
    const jobs = [gate(started, 'a0'), gate(started, 'a1')];
    const runs = jobs.map((job) => queue.run('user:1', job.task));
    const refused = await queue.run('user:1', gate(started, 'a2').task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 429,
      detail: HEAVY_WORK_MESSAGES.yourTurn,
      retryAfterSeconds: 7,
    });

    const others = [gate(started, 'b'), gate(started, 'c')];
    const otherRuns = others.map((job, n) => queue.run(`user:${n + 2}`, job.task));
    const full = await queue.run('user:9', gate(started, 'd').task).catch((error: unknown) => error);
    expect(full).toMatchObject({ status: 503, detail: HEAVY_WORK_MESSAGES.busy, retryAfterSeconds: 7 });
    expect(started).toEqual(['a0']);

    for (const job of [...jobs, ...others]) job.finish();
    await Promise.all([...runs, ...otherRuns]);
    // Refused tasks cost nothing and take no place: the owner may queue again.
    await expect(queue.run('user:1', async () => 'again')).resolves.toBe('again');
  });
});
