import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { faq } from '../../content/faq';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { breadcrumbLd, jsonLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: 'FAQ',
    description:
      'Answers about our smart intro cards, orders, verification, your public profile and our IT services.',
  }),
  breadcrumbLd(publicUrlOf(args), [
    { name: 'Home', path: '/' },
    { name: 'FAQ', path: '/faq' },
  ]),
  jsonLd({
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }),
];

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export default function Faq() {
  return (
    <>
      <PageHeader title="FAQ" />
      <section className="container section marketing-narrow">
        <div className="faq-list">
          {faq.map((item) => (
            <details key={item.question} className="faq-item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
        <p>
          Another question? <Link to="/contact">Write to us</Link>.
        </p>
      </section>
    </>
  );
}
