import { readsNoQuery } from '../../common/page-query';
import { blogTeasers } from '../../content/blog';
import { BlogTeasers } from '../components/marketing/BlogTeasers';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: 'Blog',
    description:
      'Practical notes from our engineers on cloud costs, security, the web and smart intro cards.',
  }),
  breadcrumbLd(publicUrlOf(args), [
    { name: 'Home', path: '/' },
    { name: 'Blog', path: '/blog' },
  ]),
];

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export function loader() {
  return { posts: blogTeasers() };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Blog" />
      <section className="container section" aria-label="Articles">
        <BlogTeasers posts={loaderData.posts} headingLevel={2} />
      </section>
    </>
  );
}
