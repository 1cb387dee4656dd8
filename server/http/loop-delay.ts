import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { doc } from './openapi.ts';

const NS_PER_MS = 1e6;

const loopDelayQuery = z.object({ reset: z.enum(['1']).optional() });

const loopDelaySchema = z.strictObject({
  max_ms: z.number(),
  p99_ms: z.number(),
  mean_ms: z.number(),
  /** Milliseconds the figures cover: since the last reset, or since start. */
  over_ms: z.number(),
});

/**
 * How late this process's event loop ran (BENCH=1 only): the longest and p99 delay since the last reset,
 * for bench:noisy to tell what one client's work cost every other request.
 */
export const loopDelayRoute: FastifyPluginAsync = async (app) => {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let since = performance.now();
  app.addHook('onClose', async () => histogram.disable());
  app.get<{ Querystring: { reset?: string } }>(
    '/bench/loop-delay/',
    doc({
      summary: 'The event loop’s delay since the last ?reset=1 (BENCH=1 only)',
      query: loopDelayQuery,
      responses: { 200: { description: 'The delays in ms.', schema: loopDelaySchema } },
    }),
    async (request) => {
      const figures = {
        max_ms: histogram.count > 0 ? histogram.max / NS_PER_MS : 0,
        p99_ms: histogram.count > 0 ? histogram.percentile(99) / NS_PER_MS : 0,
        mean_ms: histogram.count > 0 ? histogram.mean / NS_PER_MS : 0,
        over_ms: performance.now() - since,
      };
      if (loopDelayQuery.safeParse(request.query).data?.reset === '1') {
        histogram.reset();
        since = performance.now();
      }
      return figures;
    },
  );
};
