import { Link, useSearchParams } from 'react-router';
import { WORK_QUEUE_LABELS, waitingFor } from '../../../common/order-status';
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

/** Paid revenue may fall below zero on a day (or a period) when refunds outweigh payments. */
function signedDollars(amount: string | number): string {
  if (typeof amount === 'number') return amount < 0 ? `−${formatDollars(-amount)}` : formatDollars(amount);
  return amount.startsWith('-') ? `−${formatDollars(amount.slice(1))}` : formatDollars(amount);
}

/** What the firm needs to see first: what waits for it, then the figures per day. */
export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const days = Number(params.get('days') ?? 30);
  // Each state an order waits for the firm in, the oldest wait under it; then what else needs a look.
  const attention: Array<[string, number, string, string?]> = [
    ...d.work_queue.map(({ queue, count, waiting_since }): [string, number, string, string?] => [
      WORK_QUEUE_LABELS[queue],
      count,
      `/admin/orders?queue=${queue}`,
      waiting_since ? `oldest ${waitingFor(waiting_since)}` : undefined,
    ]),
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
        {attention.map(([label, value, to, oldest]) => (
          <li key={label}>
            <Link to={to}>
              <strong>{value.toLocaleString('en-US')}</strong>
              <span>{label}</span>
              {oldest && <small className="muted">{oldest}</small>}
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted">
        {d.pending_orders.toLocaleString('en-US')} {d.pending_orders === 1 ? 'order waits' : 'orders wait'}{' '}
        for us. Paid revenue in the last {d.days} days (money received less refunds, by the day it moved):{' '}
        <strong>{signedDollars(d.revenue_total)}</strong>. Days are UTC. Card views are totals across all
        cards.
      </p>
      <section className="admin-panel" aria-labelledby="dashboard-owed">
        <h2 id="dashboard-owed">Owed</h2>
        <p>
          {d.owed.count.toLocaleString('en-US')} invoiced {d.owed.count === 1 ? 'order owes' : 'orders owe'}{' '}
          <strong>{formatDollars(d.owed.total)}</strong> in all, by the age of their invoice.
        </p>
        <ul className="admin-kpis">
          {d.owed.buckets.map((bucket) => (
            <li key={bucket.label}>
              <Link to="/admin/orders?queue=unpaid">
                <strong>{formatDollars(bucket.amount)}</strong>
                <span>Invoiced {bucket.label.toLowerCase()} ago</span>
                <small className="muted">
                  {bucket.count.toLocaleString('en-US')} {bucket.count === 1 ? 'order' : 'orders'}
                </small>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="admin-charts">
        <BarChart title="Orders (not cancelled)" figures={d.orders} />
        <BarChart
          title="Paid revenue (received less refunds)"
          figures={d.revenue_cents}
          format={(cents) => signedDollars(cents)}
        />
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
