import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { accordionPicture, servicesAccordion, servicesIntro } from '../../content/services';
import { Accordion } from '../components/marketing/Accordion';
import { Picture } from '../components/marketing/Picture';
import { ServiceTiles } from '../components/marketing/ServiceTiles';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/services';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: 'Our Services', description: servicesIntro.subtitle }),
  breadcrumbLd(publicUrlOf(args), [
    { name: 'Home', path: '/' },
    { name: 'Our Services', path: '/services' },
  ]),
];

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export default function Services() {
  return (
    <>
      <PageHeader title="Our Services" />
      <section className="container section" aria-labelledby="services-intro">
        <div className="marketing-section-heading">
          <h2 id="services-intro">{servicesIntro.heading}</h2>
          <p className="muted">{servicesIntro.subtitle}</p>
        </div>
        <ServiceTiles />
      </section>
      <section className="section marketing-dark-band" aria-labelledby="approach-heading">
        <div className="container marketing-split">
          <div>
            <h2 id="approach-heading">How we work</h2>
            <Accordion items={servicesAccordion} name="services-approach" />
          </div>
          <Picture picture={accordionPicture} className="marketing-rounded-picture" />
        </div>
      </section>
      <section className="cta-band" aria-labelledby="services-cta">
        <div className="container cta-band-inner">
          <div>
            <h2 id="services-cta">Not sure where to start?</h2>
            <p>Tell us what you are trying to do. A senior engineer answers within one business day.</p>
          </div>
          <Link className="button button-outline-light" to="/contact">
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
