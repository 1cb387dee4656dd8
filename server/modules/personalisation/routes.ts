import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-scope.ts';
import type { Services } from '../../services.ts';
import { teamClaimRoutes } from './team-claims-routes.ts';
import { designUploadRoutes } from './uploads-routes.ts';

/**
 * The module's routes entry: its API under /api, the design uploads (a multipart form) apart from the team
 * members' claims, so only the uploads get the form parser.
 */
export const personalisationRoutes: FastifyPluginAsync<
  Pick<Services, 'db' | 'mailer' | 'publicUrl'>
> = async (site, options) => {
  await site.register(apiRoutes(designUploadRoutes, { forms: true }), options);
  await site.register(apiRoutes(teamClaimRoutes), options);
};
