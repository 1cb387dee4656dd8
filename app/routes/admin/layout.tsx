import { Link, NavLink, Outlet, useRouteError } from 'react-router';
import { company } from '../../../content/company';
import { ErrorPage, errorMessage, errorStatus } from '../../components/ErrorPage';
import { requireAdmin } from '../../lib/admin.server';
import type { Route } from './+types/layout';
import './admin.css';

function errorTitle(status: number): string {
  return status === 403 ? 'Admins only' : status === 404 ? 'Not found' : 'Something went wrong';
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: `${error ? errorTitle(errorStatus(error)) : 'Admin'} | ${company.name}` },
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
  ['/admin/users', 'Users'],
  ['/admin/leads', 'Leads'],
  ['/admin/audit', 'Audit log'],
];

function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul>
        {sections.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end={to === '/admin'}>
              {label}
            </NavLink>
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
  const error = useRouteError();
  const status = errorStatus(error);
  return (
    <ErrorPage
      status={status}
      title={errorTitle(status)}
      actions={
        <Link to={status === 403 ? '/' : '/admin'} className="button">
          {status === 403 ? 'Back to the home page' : 'Back to the dashboard'}
        </Link>
      }
    >
      <p>
        {status === 403
          ? 'This page is for the site’s administrators.'
          : (errorMessage(error) ?? 'Sorry, we could not show this page. Please try again in a moment.')}
      </p>
    </ErrorPage>
  );
}
