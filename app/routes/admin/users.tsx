import { Link } from 'react-router';
import { AdminTable } from '../../components/admin/AdminTable';
import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/FilterForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { loadUsers } from '../../lib/admin.server';
import { formatDate, formatDateTime } from '../../lib/format';
import type { Route } from './+types/users';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Users');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(request, context);
}

export default function AdminUsers({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <h1>Users</h1>
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No account matches these filters."
        filters={
          <FilterForm label="Search users">
            <FilterInput label="E-mail, username or name" name="search" />
            <FilterSelect
              label="Role"
              name="role"
              options={[
                ['user', 'User'],
                ['admin', 'Admin'],
              ]}
            />
            <FilterSelect
              label="State"
              name="status"
              options={[
                ['active', 'Active'],
                ['unverified', 'Unverified'],
                ['disabled', 'Disabled'],
              ]}
            />
          </FilterForm>
        }
      >
        <AdminTable
          rows={page.results}
          rowKey={(user) => user.id}
          columns={[
            {
              header: 'User',
              cell: (user) => (
                <>
                  <Link to={`/admin/users/${user.id}`}>{user.name || user.username}</Link>
                  <br />
                  <span className="muted">{user.email}</span>
                </>
              ),
            },
            { header: 'Role', cell: (user) => user.role },
            { header: 'Joined', cell: (user) => formatDate(user.created_at) },
            { header: 'Last login', cell: (user) => formatDateTime(user.last_login_at) },
            {
              header: 'State',
              cell: (user) => <StatusBadge status={user.status} />,
            },
          ]}
        />
      </AdminTablePage>
    </>
  );
}
