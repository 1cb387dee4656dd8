import { Link, useSearchParams } from 'react-router';
import { BarChart } from '../../components/admin/BarChart';
import { loadDashboard } from '../../lib/admin.server';
import { formatDollars } from '../../lib/format';
import type { Route } from './+types/dashboard';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDashboard(request, context);
}

const RANGES = [7, 30, 90];

/** What the firm needs to see first: what waits for it, then the figures per day. */
export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const days = Number(params.get('days') ?? 30);
  const attention: Array<[string, number, string]> = [
    ['Pending orders', d.pending_orders, '/admin/orders?status=pending'],
    ['New leads', d.unhandled_leads, '/admin/leads?status=new'],
    ['Suspicious serials', d.suspicious_serials, '/admin/serials?status=suspicious'],
    ['Blocked serials', d.blocked_serials, '/admin/serials?status=blocked'],
  ];
  return (
    <>
      <div className="admin-title">
        <h1>Dashboard</h1>
        <nav className="admin-range" aria-label="Period">
          {RANGES.map((range) => (
            <Link key={range} to={`?days=${range}`} aria-current={range === days ? 'page' : undefined}>
              {range} days
            </Link>
          ))}
        </nav>
      </div>
      <ul className="admin-kpis">
        {attention.map(([label, value, to]) => (
          <li key={label}>
            <Link to={to}>
              <strong>{value.toLocaleString('en-US')}</strong>
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted">
        Revenue in the last {d.days} days (orders not cancelled):{' '}
        <strong>{formatDollars(d.revenue_total)}</strong>. Days are UTC. Card views are totals across all
        cards.
      </p>
      <div className="admin-charts">
        <BarChart title="Orders (not cancelled)" figures={d.orders} />
        <BarChart title="Revenue" figures={d.revenue_cents} format={(cents) => formatDollars(cents)} />
        <BarChart title="New users" figures={d.new_users} />
        <BarChart title="Verifications" figures={d.verifications} />
        <BarChart title="Leads" figures={d.leads} />
        {/* The firm sees totals across every card, never one owner's figures. */}
        <BarChart title="Card views per day: taps" figures={d.card_taps} />
        <BarChart title="Card views per day: QR code and links" figures={d.card_other_views} />
      </div>
    </>
  );
}
