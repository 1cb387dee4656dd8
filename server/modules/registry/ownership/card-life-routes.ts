import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { doc } from '../../../http/openapi.ts';
import { parseInput } from '../../../http/validate.ts';
import type { Services } from '../../../services.ts';
import { requireUser } from '../../accounts/auth.ts';
import { emailField } from '../../accounts/schemas.ts';
import { claimedCardSchema } from '../responses.ts';
import { setCardLost } from './card-life.ts';
import { acceptTransfer, cancelTransfer, offerTransfer } from './transfers.ts';

type CardLifeRoutesOptions = Pick<Services, 'db' | 'mailer' | 'publicUrl'>;
type SerialParams = { Params: { serial: string } };

const transferBody = z.strictObject({ email: emailField });
const acceptBody = z.strictObject({ token: z.string().max(100) });

/** The owner's hold over a claimed card: lock it as lost, offer it to someone by e-mail, who accepts. */
export const cardLifeRoutes: FastifyPluginAsync<CardLifeRoutesOptions> = async (app, deps) => {
  const { db, publicUrl } = deps;

  app.post<SerialParams>(
    '/auth/cards/:serial/lost/',
    doc({
      summary: 'Lock one of their cards as lost: a tap then shows "reported lost", and no one can claim it',
      auth: 'user',
      responses: {
        200: { description: 'The card, locked.', schema: claimedCardSchema },
        404: 'Not one of their cards.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const card = await setCardLost(db, user.id, request.params.serial, true, publicUrl);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );

  app.delete<SerialParams>(
    '/auth/cards/:serial/lost/',
    doc({
      summary: 'Unlock one of their cards: a tap opens their profile again',
      auth: 'user',
      responses: {
        200: { description: 'The card, unlocked.', schema: claimedCardSchema },
        404: 'Not one of their cards.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const card = await setCardLost(db, user.id, request.params.serial, false, publicUrl);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );

  app.post<SerialParams>(
    '/auth/cards/:serial/transfer/',
    doc({
      summary: 'Offer one of their cards to someone by e-mail (replaces an earlier offer of it)',
      auth: 'user',
      body: transferBody,
      responses: {
        201: {
          description: 'The card with its pending offer; the link is mailed.',
          schema: claimedCardSchema,
        },
        400: 'Not an e-mail address, or their own.',
        404: 'Not one of their cards.',
        409: 'The card is blocked.',
        429: 'Too many offers in an hour.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { email } = parseInput(transferBody, request.body);
      const card = await offerTransfer(deps, user, request.params.serial, email);
      return reply.status(201).header('cache-control', 'no-store').send(card);
    },
  );

  app.delete<SerialParams>(
    '/auth/cards/:serial/transfer/',
    doc({
      summary: 'Cancel the pending offer of one of their cards: its link stops working',
      auth: 'user',
      responses: { 204: 'No offer is pending.', 404: 'Not one of their cards.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      await cancelTransfer(db, user.id, request.params.serial);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/cards/transfers/accept/',
    doc({
      summary: 'Accept a card offered to the signed-in account’s address: the card becomes theirs',
      auth: 'user',
      body: acceptBody,
      responses: {
        200: { description: 'The card, now theirs.', schema: claimedCardSchema },
        403: 'The offer was sent to another address.',
        404: 'The link is unknown, used, expired or cancelled.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { token } = parseInput(acceptBody, request.body);
      const card = await acceptTransfer(deps, user, token);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
};
