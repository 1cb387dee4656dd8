import { Link, useSearchParams } from 'react-router';
import {
  ORDER_STATUS_LABELS,
  WORK_QUEUE_LABELS,
  WORK_QUEUES,
  type WorkQueue,
  waitingFor,
} from '../../../common/order-status';
import { AdminTable } from '../../components/admin/AdminTable';
import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/FilterForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { loadAdminOrders } from '../../lib/admin.server';
import { formatDateTime, formatDollars } from '../../lib/format';
import type { Route } from './+types/orders';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Orders');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminOrders(request, context);
}

const STATUSES = Object.entries(ORDER_STATUS_LABELS);
const QUEUES = WORK_QUEUES.map((queue): [string, string] => [queue, WORK_QUEUE_LABELS[queue]]);

export default function AdminOrders({ loaderData: page }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const queue = params.get('queue') as WorkQueue | null;
  return (
    <>
      <h1>Orders</h1>
      {queue && WORK_QUEUE_LABELS[queue] && (
        <p className="muted">{WORK_QUEUE_LABELS[queue]}: the order that has waited longest comes first.</p>
      )}
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No order matches these filters."
        filters={<OrderFilters />}
      >
        <AdminTable
          rows={page.results}
          rowKey={(order) => order.id}
          columns={[
            {
              header: 'Order',
              cell: (order) => <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>,
            },
            {
              header: 'Waiting for us',
              cell: (order) =>
                order.queue && order.waiting_since ? (
                  <>
                    {WORK_QUEUE_LABELS[order.queue]}
                    <br />
                    <span className="muted">{waitingFor(order.waiting_since)}</span>
                  </>
                ) : (
                  '—'
                ),
            },
            { header: 'Placed', cell: (order) => formatDateTime(order.created_at) },
            {
              header: 'Customer',
              cell: (order) => (
                <>
                  {order.customer.name || '—'}
                  <br />
                  <span className="muted">{order.customer.email}</span>
                </>
              ),
            },
            { header: 'Cards', cell: (order) => order.card_count },
            { header: 'Total', cell: (order) => formatDollars(order.total) },
            { header: 'Payment', cell: (order) => order.payment.words },
            { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
          ]}
        />
      </AdminTablePage>
    </>
  );
}

function OrderFilters() {
  return (
    <FilterForm label="Filter orders">
      <FilterInput label="Order or customer" name="search" placeholder="NX-… or e-mail" />
      <FilterSelect label="Waiting for us" name="queue" options={QUEUES} />
      <FilterSelect label="Status" name="status" options={STATUSES} />
      <FilterInput label="From" name="from" type="date" />
      <FilterInput label="To" name="to" type="date" />
    </FilterForm>
  );
}
