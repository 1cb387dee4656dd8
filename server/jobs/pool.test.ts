import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, WAITED_NICENESS } from './heavy-work.ts';
import { createPool } from './pool.ts';

const pools = [WAITED_NICENESS, BACKGROUND_NICENESS].map((niceness) => ({
  niceness,
  pool: createPool({ size: 1, heapMb: 128, timeoutMs: 60_000, idleMs: 60_000, niceness }),
}));
afterAll(() => {
  for (const { pool } of pools) pool.close();
});

/** A field of /proc/{pid}/task/{tid}/stat, counted as proc(5) does, after the command's parentheses. */
const statField = (file: string, field: number) =>
  Number(readFileSync(file, 'utf8').split(') ')[1]?.split(' ')[field - 3]);

/** This process's children, by their /proc stat's parent id (field 4). */
function children(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return statField(`/proc/${pid}/stat`, 4) === process.pid;
      } catch {
        return false; // Gone meanwhile.
      }
    })
    .map(Number);
}

const nicenessOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) => statField(`/proc/${pid}/task/${tid}/stat`, 19));

it.runIf(process.platform === 'linux').each(pools)(
  'starts its child at nice $niceness, before the child has loaded anything, and keeps every thread there',
  async ({ niceness, pool }) => {
    const before = new Set(children());
    const mail = {
      mail: { from: 'a@example.test', to: 'b@example.test', text: 'hi' },
      newline: 'unix' as const,
    };
    const done = pool.run('composeMail', mail);
    // At once: the child is still loading its libraries, which took about a second of CPU in the build.
    const [child] = children().filter((pid) => !before.has(pid));
    expect(child).toBeDefined();
    expect(nicenessOf(child as number)[0]).toBe(niceness);
    expect((await done).raw.toString()).toContain('hi');
    // Once it runs, every thread it has (V8's, libuv's) is there too.
    expect(new Set(nicenessOf(child as number))).toEqual(new Set([niceness]));
  },
);
