import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { AuditTable } from '../../components/admin/AuditTable';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/FilterForm';
import { loadAudit } from '../../lib/admin.server';
import type { Route } from './+types/audit';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAudit(request, context);
}

const TYPES: Array<[string, string]> = [
  ['order', 'Order'],
  ['card', 'Card'],
  ['serial', 'Serial'],
  ['user', 'User'],
  ['lead', 'Lead'],
];

export default function AdminAudit({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">
        Every change to the firm’s records, newest first: the admins’ and the customers’ own (card transfers
        and claims, answers to proofs).
      </p>
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No change recorded yet."
        filters={
          <FilterForm label="Filter the audit log">
            <FilterSelect label="Record type" name="target_type" options={TYPES} />
            <FilterInput label="Record id" name="target_id" placeholder="e.g. 42 or a serial" />
          </FilterForm>
        }
      >
        <AuditTable entries={page.results} />
      </AdminTablePage>
    </>
  );
}
