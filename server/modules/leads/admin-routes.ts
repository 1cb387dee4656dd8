import type { FastifyPluginAsync } from 'fastify';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { numberedPage } from '../paging.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { leadChangeBody, leadsQuery } from './admin-schemas.ts';
import { changeLead, LEAD_NOT_FOUND, listLeads } from './lead-admin.ts';
import { adminLeadPageSchema, adminLeadSchema } from './responses.ts';

/** The admin console's lead routes; the admin scope mounts them behind its guard. */
export const leadAdminRoutes: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  app.get(
    '/leads/',
    doc({
      summary: 'Contact and consultation messages, filtered and paged',
      auth: 'admin',
      query: leadsQuery,
      responses: { 200: { description: 'A page of leads.', schema: adminLeadPageSchema } },
    }),
    async (request) => numberedPage(await listLeads(db, parseInput(leadsQuery, request.query))),
  );
  app.patch<WithId>(
    '/leads/:id/',
    doc({
      summary: 'Mark a lead handled, or new again',
      auth: 'admin',
      params: { id: idParam },
      body: leadChangeBody,
      responses: { 200: { description: 'The lead.', schema: adminLeadSchema }, 404: 'No such lead.' },
    }),
    async (request) => {
      const id = idOf(request.params.id, LEAD_NOT_FOUND);
      const { status } = parseInput(leadChangeBody, request.body);
      return changeLead(db, await actorOf(request), id, status);
    },
  );
};
