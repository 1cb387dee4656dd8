import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clientIdOf } from '../../http/client-id.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../accounts/auth.ts';
import { CLAIM_MESSAGES, claimCard, listClaimedCards, releaseCard, verifyCode } from './service.ts';

export interface RegistryRoutesOptions {
  db: Db;
  publicUrl: string;
  /** Keys the hash of client addresses (the session secret). */
  secret: string;
}

const verifyQuery = z.object({ code: z.string().max(200).optional().default('') });
const claimBody = z.object({
  serial: z.string({ error: CLAIM_MESSAGES.format }).max(64, CLAIM_MESSAGES.format),
});

export const registryRoutes: FastifyPluginAsync<RegistryRoutesOptions> = async (
  app,
  { db, publicUrl, secret },
) => {
  const clientOf = (request: FastifyRequest) => clientIdOf(secret, request);

  app.get('/verify/', async (request, reply) => {
    const { code } = parseInput(verifyQuery, request.query);
    const { httpStatus, body } = await verifyCode(db, code, clientOf(request));
    // A check changes the count: never served from a cache.
    return reply.status(httpStatus).header('cache-control', 'no-store').send(body);
  });

  app.get('/auth/cards/', async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'no-store');
    return listClaimedCards(db, user.id, publicUrl);
  });

  app.post('/auth/cards/claim/', async (request, reply) => {
    const user = await requireUser(request);
    const { serial } = parseInput(claimBody, request.body);
    const card = await claimCard(db, user.id, serial, publicUrl);
    return reply.status(201).header('cache-control', 'no-store').send(card);
  });

  app.delete<{ Params: { serial: string } }>('/auth/cards/:serial/', async (request, reply) => {
    const user = await requireUser(request);
    await releaseCard(db, user.id, request.params.serial);
    return reply.status(204).send();
  });
};
