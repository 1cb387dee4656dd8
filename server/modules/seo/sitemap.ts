import { desc, eq } from 'drizzle-orm';
import { escapeXml } from '../../../common/xml.ts';
import { blogPosts } from '../../../content/blog.ts';
import { footerLinks, productLinks, serviceLinks } from '../../../content/navigation.ts';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

/** The public pages worth indexing (private and per-person pages are left out). */
function publicPaths(): string[] {
  const paths = [
    '/',
    '/about',
    '/services',
    ...serviceLinks.map((link) => link.to),
    ...productLinks.map((link) => link.to),
    '/contact',
    '/cards',
    ...footerLinks.map((link) => link.to),
    '/blog',
    ...blogPosts.map((post) => `/blog/${post.slug}`),
  ];
  return [...new Set(paths)];
}

/** sitemap.xml: every public page and every active card, with the cards' last change. */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const active = await db
    .select({ slug: cards.slug, updatedAt: cards.updatedAt })
    .from(cards)
    .where(eq(cards.active, true))
    .orderBy(desc(cards.createdAt));
  const urls = [
    ...publicPaths().map((path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`),
    ...active.map(
      (card) =>
        `  <url><loc>${escapeXml(`${publicUrl}/cards/${card.slug}`)}</loc><lastmod>${card.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    // A card's preview picture, for link previews: X's crawler, for one, keeps to robots.txt.
    'Allow: /api/auth/public-profile/*/card.png',
    'Disallow: /admin',
    // The owner's own page; a public card (/profile/{username}) is meant to be found. Private ones are 404s.
    'Disallow: /profile$',
    'Disallow: /checkout',
    'Disallow: /order-success',
    'Disallow: /c/',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
