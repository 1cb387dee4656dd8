import { Link } from 'react-router';
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

const STATUSES: Array<[string, string]> = [
  ['pending', 'Pending'],
  ['confirmed', 'Confirmed'],
  ['shipped', 'Shipped'],
  ['delivered', 'Delivered'],
  ['cancelled', 'Cancelled'],
];

export default function AdminOrders({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <h1>Orders</h1>
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
      <FilterSelect label="Status" name="status" options={STATUSES} />
      <FilterInput label="From" name="from" type="date" />
      <FilterInput label="To" name="to" type="date" />
    </FilterForm>
  );
}
