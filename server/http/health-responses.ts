import { z } from 'zod';

/**
 * `/healthz`: the process is up. `worker`, random per process, tells which worker answered; the pid (which
 * says something about the host) only with BENCH=1, for the cluster test that signals a worker.
 */
export const upSchema = z
  .strictObject({ status: z.literal('ok'), worker: z.string(), pid: z.number().int().optional() })
  .meta({ id: 'Up' });

/** `/readyz`: the database answers, and which kind it is. */
export const readySchema = z
  .strictObject({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Ready' });
