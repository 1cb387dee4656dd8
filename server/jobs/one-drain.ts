/**
 * One drain of a durable queue at a time in this process (the mail queue, print files): a call during a
 * drain makes it look again before it ends, instead of starting a second one beside it.
 */
export function oneDrainAtATime(drainOnce: () => Promise<number>, closed: () => boolean) {
  let running: Promise<number> | undefined;
  let again = false;
  return {
    drain(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let done = 0;
        do {
          again = false;
          done += await drainOnce();
        } while (again && !closed());
        return done;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Waits for a drain under way, whatever its outcome (a queue closing). */
    async settled(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
