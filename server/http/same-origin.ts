import type { FastifyInstance } from 'fastify';
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
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) {
      if (site !== 'same-origin') throw new AppError('forbidden', CROSS_SITE_REFUSED);
      return;
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) throw new AppError('forbidden', CROSS_SITE_REFUSED);
  });
}
