import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not change how long an answer takes. "Same answer" endpoints (register, forgot
 * password) do their account-specific part here, after the caller has the answer, so a taken and a new
 * e-mail cannot be told apart by timing. `idle()` waits for what still runs (the server's close does).
 */
export interface AfterAnswer {
  run(label: string, task: () => Promise<void>): void;
  idle(): Promise<void>;
}

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      // setImmediate: the answer is written to the socket before the task starts.
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${label} failed after the answer`))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
