import type { MetaDescriptor } from 'react-router';
import { company } from '../../../content/company';

/** Each admin page's own tab title ("Orders | Admin | {company name}"), so open tabs can be told apart. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin | ${company.name}` }, { name: 'robots', content: 'noindex' }];
}
