import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { productPages } from '../../content/products';
import { Icon } from '../components/marketing/Icon';
import { Picture } from '../components/marketing/Picture';
import { PageHeader } from '../components/page-header/PageHeader';
import { publicPageHeaders } from '../lib/http-cache';
import { pageError } from '../lib/route-error';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/product-page';

export const handle = readsNoQuery;

/** /d, /products/b and /products/c: one screen, three pages from content/products.ts. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  const page = productPages.find((item) => item.path === path);
  if (!page) throw pageError(404, 'Page not found.');
  return { path: page.path };
}

export const meta: Route.MetaFunction = (args) => {
  const page = productPages.find((item) => item.path === args.data?.path);
  if (!page) return [{ title: 'Page not found' }];
  return [
    ...pageMeta(args, {
      title: page.title,
      description: page.description,
      image: page.picture.src,
      type: 'product',
    }),
    breadcrumbLd(publicUrlOf(args), [
      { name: 'Home', path: '/' },
      { name: page.title, path: page.path },
    ]),
  ];
};

export const headers = publicPageHeaders;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const page = productPages.find((item) => item.path === loaderData.path);
  if (!page) return null;
  return (
    <>
      <PageHeader title={page.title} />
      <section className="container section marketing-split" aria-labelledby="product-intro">
        <div>
          <p className="marketing-eyebrow">{page.tagline}</p>
          <h2 id="product-intro">{page.description}</h2>
          {page.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Link className="button" to={page.cta.to}>
            {page.cta.label}
          </Link>
        </div>
        <Picture picture={page.picture} eager className="marketing-rounded-picture" />
      </section>
      <section className="section marketing-band" aria-labelledby="features-heading">
        <div className="container">
          <h2 id="features-heading">Features</h2>
          <ul className="marketing-tile-grid marketing-tile-grid-4">
            {page.features.map((feature) => (
              <li key={feature.title} className="marketing-tile">
                <Icon name={feature.icon} />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container section" aria-labelledby="steps-heading">
        <h2 id="steps-heading">How it works</h2>
        <ol className="service-detail-points">
          {page.steps.map((step) => (
            <li key={step}>
              <p>{step}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
