import { z } from 'zod';

/** `/healthz`: the process is up; the pid tells which worker answered. */
export const upSchema = z.strictObject({ status: z.literal('ok'), pid: z.number().int() }).meta({ id: 'Up' });

/** `/readyz`: the database answers, and which kind it is. */
export const readySchema = z
  .strictObject({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Ready' });
