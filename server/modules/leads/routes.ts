import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../http/api-scope.ts';
import { clientIdOf } from '../../http/client-id.ts';
import { detailSchema } from '../../http/common-responses.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { consultationSchema, contactSchema, LEAD_MESSAGES } from './schemas.ts';
import { receiveConsultation, receiveContact } from './service.ts';

type LeadRoutesOptions = Pick<Services, 'db' | 'mailer' | 'salesEmail' | 'publish' | 'secret'>;

const leadsApi: FastifyPluginAsync<LeadRoutesOptions> = async (app, deps) => {
  const clientOf = (request: FastifyRequest) => clientIdOf(deps.secret, request);

  app.post(
    '/contact/',
    doc({
      summary: 'Send a message to the firm',
      body: contactSchema,
      bodyLimit: 32 * 1024,
      responses: { 201: { description: 'Received.', schema: detailSchema } },
    }),
    async (request, reply) => {
      await receiveContact(deps, parseInput(contactSchema, request.body), clientOf(request));
      return reply.status(201).send({ detail: LEAD_MESSAGES.sent });
    },
  );

  app.post(
    '/consultation/',
    doc({
      summary: 'Book a consultation',
      body: consultationSchema,
      bodyLimit: 32 * 1024,
      responses: { 201: { description: 'Received.', schema: detailSchema } },
    }),
    async (request, reply) => {
      await receiveConsultation(deps, parseInput(consultationSchema, request.body), clientOf(request));
      return reply.status(201).send({ detail: LEAD_MESSAGES.sent });
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const leadsRoutes = apiRoutes(leadsApi);
