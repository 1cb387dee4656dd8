import { Link, Outlet, useLocation } from 'react-router';
import { company } from '../../../content/company';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../../components/ErrorPage';
import { requireAdmin } from '../../lib/admin.server';
import type { RouteError } from '../../lib/route-error';
import type { Route } from './+types/layout';
import '../../components/admin/admin.css';

/** Everyone but an admin is sent home; an admin's failed page (its loader's message) back to the dashboard. */
function describeError({ status, message }: RouteError): ErrorView {
  if (status === 403)
    return {
      title: 'Admins only',
      advice: 'This page is for the site’s administrators.',
      actions: (
        <Link to="/" className="button">
          Back to the home page
        </Link>
      ),
    };
  return {
    title: status === 404 ? 'Not found' : SOMETHING_WENT_WRONG,
    advice: message ?? 'Sorry, we could not show this page. Please try again in a moment.',
    actions: (
      <Link to="/admin" className="button">
        Back to the dashboard
      </Link>
    ),
  };
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(describeError, error) : `Admin | ${company.name}` },
  { name: 'robots', content: 'noindex' },
];

/** Admin pages are personal to the firm: never kept by a browser or the server's page cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email };
}

const sections: Array<[string, string]> = [
  ['/admin', 'Dashboard'],
  ['/admin/orders', 'Orders'],
  ['/admin/cards', 'Catalogue'],
  ['/admin/serials', 'Registry'],
  ['/admin/serials/block', 'Bulk block'],
  ['/admin/users', 'Users'],
  ['/admin/leads', 'Leads'],
  ['/admin/shipping', 'Shipping'],
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

function AdminNav() {
  const current = sectionOf(useLocation().pathname);
  return (
    <nav className="admin-nav" aria-label="Admin">
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

/** The admin console's frame: its sections beside the current one. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin container">
      <aside className="admin-side">
        <p className="admin-brand">
          Admin <span className="muted">{loaderData.email}</span>
        </p>
        <AdminNav />
      </aside>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
