import { LEAD_FIELD_MAX_LENGTH } from '../../common/limits';
import { readsNoQuery } from '../../common/page-query';
import { PHONE_MAX_LENGTH } from '../../common/phone';
import { company } from '../../content/company';
import { FormField, TextAreaField } from '../components/FormField';
import { LeadForm } from '../components/marketing/LeadForm';
import { MapPreview } from '../components/marketing/MapPreview';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { contactAction } from '../lib/leads.server';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: 'Contact',
    description: `Write to ${company.name}: a senior engineer answers within one business day. ${company.address}.`,
  }),
  breadcrumbLd(publicUrlOf(args), [
    { name: 'Home', path: '/' },
    { name: 'Contact', path: '/contact' },
  ]),
];

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export async function action({ request, context }: Route.ActionArgs) {
  return { ...(await contactAction(request, context)), intent: 'contact' };
}

export default function Contact() {
  return (
    <>
      <PageHeader title="Contact" />
      <div className="container section contact-layout">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">Send us a message</h2>
          <p className="muted">All fields are required. We answer within one business day.</p>
          <LeadForm label="Contact" intent="contact" submitLabel="Send Message">
            {(field) => (
              <>
                <div className="form-row">
                  <FormField
                    label="First name"
                    {...field('firstName')}
                    required
                    autoComplete="given-name"
                    maxLength={LEAD_FIELD_MAX_LENGTH.name}
                  />
                  <FormField label="Email" {...field('email')} type="email" required autoComplete="email" />
                </div>
                <div className="form-row">
                  <FormField
                    label="Phone number"
                    {...field('phoneNumber')}
                    type="tel"
                    required
                    autoComplete="tel"
                    maxLength={PHONE_MAX_LENGTH}
                  />
                  <FormField
                    label="Subject"
                    {...field('subject')}
                    required
                    maxLength={LEAD_FIELD_MAX_LENGTH.subject}
                  />
                </div>
                <TextAreaField
                  label="Message"
                  {...field('message')}
                  required
                  rows={6}
                  maxLength={LEAD_FIELD_MAX_LENGTH.message}
                />
              </>
            )}
          </LeadForm>
        </section>
        <section aria-labelledby="visit-heading" className="contact-details">
          <h2 id="visit-heading">Visit or call</h2>
          <address>
            <p>{company.address}</p>
            <p>
              <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
            </p>
            <p>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </p>
            <p className="muted">{company.hours}</p>
          </address>
          <MapPreview />
        </section>
      </div>
    </>
  );
}
