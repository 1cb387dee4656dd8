import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { registerEtags } from './etag.ts';
import { MULTIPART_LIMITS } from './multipart-form.ts';

/**
 * What every answer under /api shares: private by default (only the public reads — catalog, public cards,
 * the document — say `public`), and ETags on what may be kept (registered after, since they read the header).
 */
export function apiDefaults(scope: FastifyInstance): void {
  scope.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerEtags(scope);
}

interface ApiMount {
  /** Below /api (the admin console's `/admin`). */
  prefix?: string;
  /**
   * Whether a route of `routes` reads a multipart form. Only those get the parser, because it adds two hooks
   * (and a listener) to every request of the scope it is in.
   */
  forms?: boolean;
}

/**
 * A module's routes mounted under /api with the API's defaults: what a module's routes entry is made of
 * (`server/modules/<domain>/routes.ts`), so the composition root registers every module alike, at the
 * site's root, and a module with a route outside the API (a card page's links) mounts that beside.
 */
export function apiRoutes<T extends FastifyPluginOptions>(
  routes: FastifyPluginAsync<T>,
  mount: ApiMount = {},
): FastifyPluginAsync<T> {
  const inner = mount.prefix ? { prefix: mount.prefix } : {};
  return async (site, options) => {
    await site.register(
      async (api) => {
        apiDefaults(api);
        if (!mount.forms) {
          await api.register(routes, { ...options, ...inner });
          return;
        }
        await api.register(async (forms) => {
          await forms.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
          await forms.register(routes, { ...options, ...inner });
        });
      },
      { prefix: '/api' },
    );
  };
}
