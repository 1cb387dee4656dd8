import { Link } from 'react-router';
import { LEAD_FIELD_MAX_LENGTH } from '../../common/limits';
import { readsNoQuery } from '../../common/page-query';
import { services } from '../../content/services';
import { FormField, TextAreaField } from '../components/FormField';
import { LeadForm } from '../components/marketing/LeadForm';
import { Picture } from '../components/marketing/Picture';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { consultationAction } from '../lib/leads.server';
import { pageError } from '../lib/route-error';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/service-detail';

export function loader({ params }: Route.LoaderArgs) {
  // Paths are exactly the spec's (case included): anything else is not a page.
  const service = services.find((item) => item.slug === params.slug);
  if (!service) throw pageError(404, 'Page not found.');
  return { slug: service.slug };
}

export async function action({ request, context }: Route.ActionArgs) {
  return { ...(await consultationAction(request, context)), intent: 'consultation' };
}

export const meta: Route.MetaFunction = (args) => {
  const service = services.find((item) => item.slug === args.data?.slug);
  if (!service) return [{ title: 'Page not found' }];
  return [
    ...pageMeta(args, { title: service.title, description: service.description, image: service.hero.src }),
    breadcrumbLd(publicUrlOf(args), [
      { name: 'Home', path: '/' },
      { name: 'Our Services', path: '/services' },
      { name: service.title, path: service.path },
    ]),
  ];
};

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const service = services.find((item) => item.slug === loaderData.slug);
  if (!service) return null;
  return (
    <>
      <PageHeader title={service.title} />
      <div className="container section service-detail-layout">
        <article className="service-article">
          <Picture picture={service.hero} eager className="marketing-rounded-picture" />
          <h2>{service.title}</h2>
          {service.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <ol className="service-detail-points">
            {service.points.map((point) => (
              <li key={point.title}>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ol>
          <section className="service-detail-benefit" aria-labelledby="benefit-heading">
            <Picture picture={service.benefitPicture} className="marketing-rounded-picture" />
            <div>
              <h2 id="benefit-heading">Benefit</h2>
              <ul className="marketing-check-list">
                {service.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </div>
          </section>
          <p>{service.closing}</p>
        </article>
        <aside className="service-detail-aside">
          <nav className="service-detail-box" aria-labelledby="popular-heading">
            <h2 id="popular-heading">Popular Services</h2>
            <ul className="service-detail-links">
              {services.map((item) => (
                <li key={item.slug}>
                  <Link to={item.path} aria-current={item.slug === service.slug ? 'page' : undefined}>
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="service-detail-box" aria-labelledby="consultation-heading">
            <h2 id="consultation-heading">Free Consultation</h2>
            <LeadForm label="Free Consultation" intent="consultation" submitLabel="Send Message">
              {(field) => (
                <>
                  <input type="hidden" name="service" value={service.slug} />
                  <FormField
                    label="Name"
                    {...field('name')}
                    required
                    autoComplete="name"
                    maxLength={LEAD_FIELD_MAX_LENGTH.name}
                  />
                  <FormField label="Email" {...field('email')} type="email" required autoComplete="email" />
                  <TextAreaField
                    label="Message"
                    {...field('message')}
                    required
                    rows={4}
                    maxLength={LEAD_FIELD_MAX_LENGTH.message}
                  />
                </>
              )}
            </LeadForm>
          </section>
        </aside>
      </div>
    </>
  );
}
