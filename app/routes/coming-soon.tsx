import { useLocation } from 'react-router';
import { company } from '../../content/company';
import { productLinks, serviceLinks } from '../../content/navigation';
import { ComingSoon } from '../components/ComingSoon';
import { publicPageHeaders } from '../lib/http-cache';
import type { Route } from './+types/coming-soon';

const titles: Record<string, string> = {
  about: 'About Us',
  contact: 'Contact',
  services: 'Our Services',
  verify: 'Verify Product',
  cart: 'Cart',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  faq: 'FAQ',
  admin: 'Admin',
};

function titleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const named = [...serviceLinks, ...productLinks].find(
    (link) => link.to.toLowerCase() === path.toLowerCase(),
  );
  if (named) return named.label;
  return titles[path.split('/')[1] ?? ''] ?? company.name;
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${titleFor(location.pathname)} | ${company.name}` },
];

export default function ComingSoonPage() {
  const location = useLocation();
  return <ComingSoon title={titleFor(location.pathname)} />;
}

export const headers = publicPageHeaders;
