import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { blogPosts } from '../../content/blog';
import { company } from '../../content/company';
import { PostDate } from '../components/marketing/BlogTeasers';
import { Picture } from '../components/marketing/Picture';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { pageError } from '../lib/route-error';
import { breadcrumbLd, jsonLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/blog-post';

/** The article comes as loader data: no article's text is part of the browser's JavaScript. */
export function loader({ params }: Route.LoaderArgs) {
  const post = blogPosts.find((item) => item.slug === params.slug);
  if (!post) throw pageError(404, 'Page not found.');
  const others = blogPosts
    .filter((item) => item.slug !== post.slug)
    .map((item) => ({ slug: item.slug, title: item.title }));
  return { post, others };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.data?.post;
  if (!post) return [{ title: `Page not found | ${company.name}` }];
  const base = publicUrlOf(args);
  return [
    ...pageMeta(args, {
      title: post.title,
      description: post.excerpt,
      image: post.picture.src,
      type: 'article',
    }),
    breadcrumbLd(base, [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
      { name: post.title, path: `/blog/${post.slug}` },
    ]),
    jsonLd({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author },
      publisher: { '@type': 'Organization', name: company.name },
      image: new URL(post.picture.src, `${base}/`).href,
    }),
  ];
};

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, others } = loaderData;
  return (
    <>
      <PageHeader title={post.title} parents={[{ label: 'Blog', to: '/blog' }]} />
      <article className="container section marketing-narrow blog-post">
        <p className="muted">
          By {post.author} · <PostDate post={post} />
        </p>
        <Picture picture={post.picture} />
        {post.sections.map((section, index) => (
          <section key={section.heading ?? index}>
            {section.heading && <h2>{section.heading}</h2>}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <nav aria-label="More articles" className="blog-more">
          <h2>More from our blog</h2>
          <ul>
            {others.map((other) => (
              <li key={other.slug}>
                <Link to={`/blog/${other.slug}`}>{other.title}</Link>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/blog">All articles</Link> · <Link to="/contact">Talk to us</Link>
          </p>
        </nav>
      </article>
    </>
  );
}
