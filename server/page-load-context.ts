import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { clientIdOf, networkIdOf } from './http/client-id.ts';
import { SESSION_COOKIE } from './modules/accounts/sessions.ts';
import { exchangeContact, exchangeTarget } from './modules/contacts/exchange.ts';
import { receiveConsultation, receiveContact } from './modules/leads/service.ts';
import { ownProofLink, proofByToken } from './modules/proofs/views.ts';
import type { SunMasterKeys } from './modules/registry/sun/master-keys.ts';
import { cardTaps } from './modules/registry/sun/tap-card.ts';
import type { Services } from './services.ts';

/**
 * What a page's loader and action are given for one request (`app/lib/context.ts` declares it): the
 * services, and the request's own client, session and nonce already read. The SUN master keys reach only
 * the tap's verification, never the services.
 */
export function pageLoadContext(
  services: Services,
  keys: SunMasterKeys,
  log: FastifyBaseLogger,
): (request: FastifyRequest, reply: FastifyReply) => AppLoadContext {
  const tapDeps = {
    db: services.db,
    keys,
    warn: (message: string) => log.warn(message),
    secret: services.secret,
    sessions: services.sessions,
  };
  return (request, reply) => ({
    db: services.db,
    publicUrl: services.publicUrl,
    sunKeyVersion: keys.current,
    cspNonce: request.cspNonce,
    cardPayments: services.cardPayments !== undefined,
    sessions: services.sessions,
    sessionToken: request.cookies[SESSION_COOKIE],
    leads: {
      contact: (input) => receiveContact(services, input, clientIdOf(services.secret, request)),
      consultation: (input) => receiveConsultation(services, input, clientIdOf(services.secret, request)),
    },
    exchange: {
      target: (username, viewerId) => exchangeTarget(services.db, username, viewerId),
      share: (target, input) =>
        exchangeContact(services, target, input, {
          id: clientIdOf(services.secret, request),
          network: networkIdOf(services.secret, request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          sessionToken: request.cookies[SESSION_COOKIE],
        }),
    },
    proofs: {
      byToken: (token) => proofByToken(services, token),
      ownLink: (userId, orderId) => ownProofLink(services, userId, orderId),
    },
    taps: cardTaps(
      {
        ...tapDeps,
        // Once the answer is sent: on PGlite a query holds the one session, and would hold the redirect.
        later: (task) => {
          reply.raw.once('close', () => services.afterAnswer.run('A tap’s verification count', task));
        },
      },
      {
        client: clientIdOf(services.secret, request),
        network: networkIdOf(services.secret, request),
        sessionToken: request.cookies[SESSION_COOKIE],
      },
    ),
  });
}
