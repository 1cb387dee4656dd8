import { Link, Outlet, useRouteLoaderData } from 'react-router';
import { company } from '../../../content/company';
import { AdminFrame } from '../../components/admin/AdminFrame';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../../components/ErrorPage';
import { requireAdmin } from '../../lib/admin.server';
import { OWN_FRAME } from '../../lib/bare-page';
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

export const handle = OWN_FRAME;

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

/** The admin console: its own frame around each section's page. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame email={loaderData.email}>
      <Outlet />
    </AdminFrame>
  );
}

/** A section's failed page keeps the frame; a visitor the console refused sees the site's. */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const page = <ErrorPage viewOf={describeError} />;
  return admin ? <AdminFrame email={admin.email}>{page}</AdminFrame> : page;
}
