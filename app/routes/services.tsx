import { Link } from 'react-router';
import { accordionPicture, services, servicesAccordion, servicesIntro } from '../../content/services';
import { Accordion } from '../components/marketing/Accordion';
import { Icon } from '../components/marketing/Icon';
import { Picture } from '../components/marketing/Picture';
import { PageHeader } from '../components/PageHeader';
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

export default function Services() {
  return (
    <>
      <PageHeader title="Our Services" />
      <section className="container section" aria-labelledby="services-intro">
        <div className="section-heading">
          <h2 id="services-intro">{servicesIntro.heading}</h2>
          <p className="muted">{servicesIntro.subtitle}</p>
        </div>
        <ul className="tile-grid tile-grid-3">
          {services.map((service) => (
            <li key={service.slug} className="tile">
              <Icon name={service.icon} />
              <h3>
                <Link to={service.path}>{service.title}</Link>
              </h3>
              <p>{service.blurb}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section dark-band" aria-labelledby="approach-heading">
        <div className="container split">
          <div>
            <h2 id="approach-heading">How we work</h2>
            <Accordion items={servicesAccordion} name="services-approach" />
          </div>
          <Picture picture={accordionPicture} className="rounded-picture" />
        </div>
      </section>
      <section className="cta-band" aria-labelledby="services-cta">
        <div className="container cta-inner">
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
