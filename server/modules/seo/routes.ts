import type { FastifyPluginAsync } from 'fastify';
import { registerEtags } from '../../http/etag.ts';
import type { Services } from '../../services.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/**
 * For search engines: robots.txt and sitemap.xml at the site root, with ETags (a crawler asks again often,
 * and the files seldom change). Pages get none: a page's body carries a fresh nonce each time, so hashing it
 * would cost without ever answering 304.
 */
export const seoRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'publicUrl'>> = async (
  app,
  { db, publicUrl },
) => {
  registerEtags(app);
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await sitemapXml(db, publicUrl)),
  );
};
