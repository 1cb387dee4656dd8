import type { MetaDescriptor } from 'react-router';
import { company } from '../../content/company';

interface PageSeo {
  title: string;
  description: string;
  /** Absolute image URL or a site path (made absolute here). */
  image?: string | null;
  type?: 'website' | 'article' | 'product' | 'profile';
}

/** The root loader's data: the public address every absolute URL is made from. */
export interface RootData {
  publicUrl: string;
}

type MetaArgs = {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
};

/** The site's public address, from the root loader (meta functions run on the server and in the browser). */
export function publicUrlOf(args: MetaArgs): string {
  const root = args.matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  return root?.publicUrl ?? '';
}

/**
 * Title, description, canonical URL and OpenGraph/Twitter tags for a page, so each shared link previews
 * with its own words and picture.
 */
export function pageMeta(args: MetaArgs, page: PageSeo): MetaDescriptor[] {
  const base = publicUrlOf(args);
  const url = `${base}${args.location.pathname === '/' ? '/' : args.location.pathname.replace(/\/$/, '')}`;
  const title = page.title.includes(company.name) ? page.title : `${page.title} | ${company.name}`;
  const image = page.image ? new URL(page.image, `${base}/`).href : `${base}/images/og-default.svg`;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: company.name },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
}

/** A JSON-LD block as a meta descriptor (React Router renders it as a script of that type). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...data } };
}

export function breadcrumbLd(base: string, trail: Array<{ name: string; path: string }>): MetaDescriptor {
  return jsonLd({
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${base}${item.path}`,
    })),
  });
}
