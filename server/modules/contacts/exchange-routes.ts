import type { FastifyPluginAsync } from 'fastify';
import { exchangeSent } from '../../../common/messages/exchange.ts';
import { clientIdOf, networkIdOf } from '../../http/client-id.ts';
import { detailSchema } from '../../http/common-responses.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { usernameField } from '../profiles/schemas.ts';
import { exchangeContact, exchangeTarget } from './exchange.ts';
import { exchangeSchema } from './exchange-schemas.ts';

type ExchangeRoutesOptions = Pick<Services, 'db' | 'mailer' | 'publicUrl' | 'insights' | 'secret'>;

/** The card page's "Share your details" as JSON, for scripts and tests: the page's action calls the same service. */
export const exchangeRoutes: FastifyPluginAsync<ExchangeRoutesOptions> = async (app, deps) => {
  app.post<{ Params: { username: string } }>(
    '/auth/public-profile/:username/exchange/',
    doc({
      summary: 'Share your details with a card’s owner (with consent): they are e-mailed, you get a copy',
      params: { username: usernameField },
      body: exchangeSchema,
      responses: {
        201: { description: 'Shared (a filled honeypot gets the same answer).', schema: detailSchema },
        403: 'The caller owns this card.',
        404: 'No such user, or a private card.',
        429: 'Too many shares from this client, or to this card, in the last hour.',
      },
    }),
    async (request, reply) => {
      const input = parseInput(exchangeSchema, request.body);
      const viewer = await request.currentUser();
      const target = await exchangeTarget(deps.db, request.params.username, viewer?.id);
      await exchangeContact(deps, target, input, {
        id: clientIdOf(deps.secret, request),
        network: networkIdOf(deps.secret, request),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        sessionToken: request.cookies[SESSION_COOKIE],
      });
      return reply.status(201).send({ detail: exchangeSent(target.profile.first_name) });
    },
  );
};
