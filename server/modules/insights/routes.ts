import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-scope.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { insightsSchema } from './responses.ts';
import { insightsQuery } from './schemas.ts';
import { insightsOf } from './summary.ts';

type InsightsRoutesOptions = Pick<Services, 'db'>;

/** The owner's own insights; no one else's can be asked for (the owner is the session's user). */
const insightsApi: FastifyPluginAsync<InsightsRoutesOptions> = async (app, deps) => {
  app.get(
    '/auth/insights/',
    doc({
      summary: 'What the signed-in owner’s card did in the last 7, 30 or 90 days',
      auth: 'user',
      query: insightsQuery,
      responses: { 200: { description: 'The figures.', schema: insightsSchema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { days } = parseInput(insightsQuery, request.query);
      reply.header('cache-control', 'no-store');
      return insightsOf(deps.db, user.id, days);
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const insightsRoutes = apiRoutes(insightsApi);
