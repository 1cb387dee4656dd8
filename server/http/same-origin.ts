import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CROSS_SITE_REFUSED = 'Cross-site request refused.';

/**
 * Refuses any state-changing request a browser sends from another site (CSRF): Sec-Fetch-Site must say
 * same-origin, or, from browsers without it, Origin must be this site. Requests with neither header come
 * from non-browser clients, which carry no visitor's cookies.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const check: onRequestHookHandler = (request, _reply, done) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) {
      done(site === 'same-origin' ? undefined : new AppError('forbidden', CROSS_SITE_REFUSED));
      return;
    }
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const foreign = origin !== undefined && origin !== publicOrigin && origin !== ownOrigin;
    done(foreign ? new AppError('forbidden', CROSS_SITE_REFUSED) : undefined);
  };
  // Only on routes that change state: a read (most requests) does not pay for a hook that always passes.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [
      (request, reply, done) =>
        SAFE_METHODS.has(request.method) ? done() : check.call(app, request, reply, done),
      ...own,
    ];
  });
}
