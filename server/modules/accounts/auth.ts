import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SESSION_COOKIE, type Sessions, sessionCookieName } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, active user of this request's session cookie (looked up once per request). */
    currentUser(): Promise<UserRow | undefined>;
  }
}

export function registerAuth(app: FastifyInstance, sessions: Sessions, secureCookies: boolean): void {
  // Over https the session is read from its `__Host-` cookie only, under the name every route reads it by;
  // a plain `sid` (from before, or tossed by a sibling subdomain) is ignored.
  const name = sessionCookieName(secureCookies);
  if (name !== SESSION_COOKIE) {
    app.addHook('onRequest', (request, _reply, done) => {
      const token = request.cookies[name];
      if (token === undefined) delete request.cookies[SESSION_COOKIE];
      else request.cookies[SESSION_COOKIE] = token;
      done();
    });
  }
  const cache = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let user = cache.get(this);
    if (!user) {
      user = sessions.userOf(this.cookies[SESSION_COOKIE]);
      cache.set(this, user);
    }
    return user;
  });
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.currentUser();
  if (!user) throw new AppError('unauthorized', ACCOUNT_MESSAGES.notSignedIn);
  return user;
}
