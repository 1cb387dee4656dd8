import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-scope.ts';
import { clientIdOf, networkIdOf } from '../../http/client-id.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { releaseCard } from './ownership/card-life.ts';
import { cardLifeRoutes } from './ownership/card-life-routes.ts';
import { CLAIM_MESSAGES, claimCard, listClaimedCards } from './ownership/claims.ts';
import {
  claimedCardListSchema,
  claimedCardSchema,
  refusedVerificationSchema,
  verificationResultSchema,
} from './responses.ts';
import { claimTicketValid } from './sun/claim-ticket.ts';
import { checkMayCount } from './verification/counting-origin.ts';
import { type VerificationKind, verifyCode } from './verification/verify-code.ts';

type RegistryRoutesOptions = Pick<Services, 'db' | 'mailer' | 'publicUrl' | 'secret'>;

const verifyQuery = z.object({
  code: z.string().max(200).optional().default(''),
  count: z
    .enum(['0', '1'])
    .optional()
    .describe(
      '`0`: answer without counting this check (the /verify page asks so when it was opened from another ' +
        'site). It can only ever keep a check from counting.',
    ),
});
const claimBody = z.strictObject({
  serial: z.string({ error: CLAIM_MESSAGES.format }).max(64, CLAIM_MESSAGES.format),
  tap: z
    .string()
    .max(64)
    .optional()
    .describe(
      'The ticket a verified tap of this (secure) card gave this browser: a secure card is claimed only with one.',
    ),
});

/** A found code is a 200 whatever its verdict; the verdict is in the body. */
const VERIFY_STATUS: Record<VerificationKind, number> = {
  genuine: 200,
  repeated: 200,
  limit_reached: 200,
  blocked: 200,
  known_sku: 200,
  unknown: 404,
  no_code: 400,
  too_many_lookups: 429,
};

const registryApi: FastifyPluginAsync<RegistryRoutesOptions> = async (
  app,
  { db, mailer, publicUrl, secret },
) => {
  await app.register(cardLifeRoutes, { db, mailer, publicUrl });
  const clientOf = (request: FastifyRequest) => clientIdOf(secret, request);
  const publicOrigin = new URL(publicUrl).origin;
  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };

  app.get(
    '/verify/',
    doc({
      summary:
        'Check a serial number or SKU (a serial counts once per client per day, never from another site)',
      query: verifyQuery,
      responses: {
        200: {
          description:
            'A serial (genuine, verified again, past its limit, or blocked) or a known SKU, with details.',
          schema: verificationResultSchema,
        },
        400: { description: 'No code was entered.', schema: refusedVerificationSchema },
        404: { description: 'Unknown code.', schema: verificationResultSchema },
        429: { description: 'Too many failed look-ups from this client.', schema: refusedVerificationSchema },
      },
    }),
    async (request, reply) => {
      const { code, count } = parseInput(verifyQuery, request.query);
      const signals = {
        site: header(request, 'sec-fetch-site'),
        dest: header(request, 'sec-fetch-dest'),
        origin: header(request, 'origin'),
      };
      const mayCount = count !== '0' && checkMayCount(signals, publicOrigin);
      const asker = { client: clientOf(request), network: networkIdOf(secret, request) };
      const { kind, result } = await verifyCode(db, code, asker, mayCount);
      // A check changes the count: never served from a cache.
      return reply.status(VERIFY_STATUS[kind]).header('cache-control', 'no-store').send(result);
    },
  );

  app.get(
    '/auth/cards/',
    doc({
      summary: 'The intro cards the signed-in user has claimed',
      auth: 'user',
      responses: { 200: { description: 'Their cards with tap links.', schema: claimedCardListSchema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return listClaimedCards(db, user.id, publicUrl);
    },
  );

  app.post(
    '/auth/cards/claim/',
    doc({
      summary: 'Claim a card by its serial number',
      auth: 'user',
      body: claimBody,
      responses: {
        201: { description: 'The claimed card.', schema: claimedCardSchema },
        403: 'A secure card, claimed without a fresh verified tap of its chip (`tap`).',
        404: 'No card has this serial number.',
        409: 'Claimed by someone else, reported lost, or blocked.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { serial, tap } = parseInput(claimBody, request.body);
      const client = clientOf(request);
      const freshTap = (card: string) =>
        tap !== undefined && claimTicketValid(secret, tap, { serial: card, client });
      const card = await claimCard(db, user.id, serial, publicUrl, freshTap);
      return reply.status(201).header('cache-control', 'no-store').send(card);
    },
  );

  app.delete<{ Params: { serial: string } }>(
    '/auth/cards/:serial/',
    doc({
      summary: 'Release one of their cards for a hand-over: whoever holds it can then claim it',
      auth: 'user',
      responses: {
        204: 'Released.',
        404: 'Not one of their cards.',
        409: 'The card is locked as lost: unlock it first.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      await releaseCard(db, user.id, request.params.serial);
      return reply.status(204).send();
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const registryRoutes = apiRoutes(registryApi);
