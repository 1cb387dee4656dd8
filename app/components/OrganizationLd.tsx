import { useRouteLoaderData } from 'react-router';
import { company } from '../../content/company';
import type { RootData } from '../lib/seo';

/** JSON-LD naming the firm, on every page (a data block: browsers do not run it). */
export function OrganizationLd() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const base = root?.publicUrl ?? '';
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    email: company.email,
    telephone: company.phone,
    address: { '@type': 'PostalAddress', streetAddress: company.address },
  };
  // "<" escaped so no text in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; it is escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
