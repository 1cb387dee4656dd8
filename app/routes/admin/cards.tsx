import { Link } from 'react-router';
import { AdminTable } from '../../components/admin/AdminTable';
import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { FilterForm, FilterInput } from '../../components/admin/FilterForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { CardImage } from '../../components/cards/CardImage';
import { loadAdminCards } from '../../lib/admin.server';
import { formatDollars } from '../../lib/format';
import type { Route } from './+types/cards';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Catalogue');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminCards(request, context);
}

export default function AdminCards({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <div className="admin-title">
        <h1>Catalogue</h1>
        <Link to="/admin/cards/new" className="button">
          New card
        </Link>
      </div>
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No card matches this search."
        filters={
          <FilterForm label="Search cards">
            <FilterInput label="Name, SKU or design" name="search" />
          </FilterForm>
        }
      >
        <AdminTable
          rows={page.results}
          rowKey={(card) => card.id}
          columns={[
            {
              header: 'Cover',
              className: 'admin-thumb',
              cell: (card) => <CardImage src={card.cover_image} alt="" />,
            },
            {
              header: 'Card',
              cell: (card) => (
                <>
                  <Link to={`/admin/cards/${card.id}`}>{card.name}</Link>
                  <br />
                  <span className="muted">{card.category}</span>
                </>
              ),
            },
            { header: 'SKU', className: 'admin-nowrap', cell: (card) => card.sku },
            { header: 'Price', cell: (card) => formatDollars(card.price) },
            { header: 'Stock', cell: (card) => card.stock ?? 'Not tracked' },
            { header: 'Serials', cell: (card) => card.serial_count },
            { header: 'Shop', cell: (card) => <StatusBadge status={card.active ? 'active' : 'inactive'} /> },
          ]}
        />
      </AdminTablePage>
    </>
  );
}
