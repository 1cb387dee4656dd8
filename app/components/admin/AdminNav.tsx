import { Link, useLocation } from 'react-router';

const sections: Array<[string, string]> = [
  ['/admin', 'Dashboard'],
  ['/admin/orders', 'Orders'],
  ['/admin/cards', 'Catalogue'],
  ['/admin/serials', 'Registry'],
  ['/admin/serials/block', 'Bulk block'],
  ['/admin/users', 'Users'],
  ['/admin/leads', 'Leads'],
  ['/admin/shipping', 'Shipping'],
  ['/admin/bank', 'Bank'],
  ['/admin/audit', 'Audit log'],
];

/**
 * The section a path belongs to: the longest section path it is in, so a serial's page is the Registry's
 * but the bulk-block page (under /admin/serials too) is its own.
 */
function sectionOf(pathname: string): string | undefined {
  return sections
    .map(([to]) => to)
    .filter((to) => pathname === to || (to !== '/admin' && pathname.startsWith(`${to}/`)))
    .sort((a, b) => b.length - a.length)[0];
}

/** The console's sections, the current one marked. */
export function AdminNav({ id, open }: { id: string; open: boolean }) {
  const current = sectionOf(useLocation().pathname);
  return (
    <nav id={id} className={open ? 'admin-nav is-open' : 'admin-nav'} aria-label="Admin sections">
      <ul>
        {sections.map(([to, label]) => (
          <li key={to}>
            <Link to={to} aria-current={to === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
