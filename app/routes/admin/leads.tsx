import type { AdminLead } from '../../../server/modules/leads/responses';
import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/FilterForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { loadLeads } from '../../lib/admin.server';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/leads';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Leads');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLeads(request, context);
}

/** A reply in the admin's own mail program, addressed and titled. */
function replyLink(lead: AdminLead): string {
  const subject = `Re: ${lead.subject || (lead.kind === 'consultation' ? 'Your consultation request' : 'Your message')}`;
  return `mailto:${encodeURIComponent(lead.email)}?subject=${encodeURIComponent(subject)}`;
}

export default function AdminLeads({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <h1>Leads</h1>
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No message matches these filters."
        filters={
          <FilterForm label="Filter leads">
            <FilterInput label="Name, e-mail or subject" name="search" />
            <FilterSelect
              label="Form"
              name="kind"
              options={[
                ['contact', 'Contact'],
                ['consultation', 'Consultation'],
              ]}
            />
            <FilterSelect
              label="Status"
              name="status"
              options={[
                ['new', 'New'],
                ['handled', 'Handled'],
              ]}
            />
          </FilterForm>
        }
      >
        <ul className="admin-leads">
          {page.results.map((lead) => (
            <LeadItem key={lead.id} lead={lead} />
          ))}
        </ul>
      </AdminTablePage>
    </>
  );
}

function LeadItem({ lead }: { lead: AdminLead }) {
  const { busy, run } = useWrite();
  const next = lead.status === 'new' ? 'handled' : 'new';

  async function mark() {
    await run(() => api(`/admin/leads/${lead.id}/`, { method: 'PATCH', body: { status: next } }), {
      done:
        next === 'handled' ? `${lead.name}'s message is handled.` : `${lead.name}'s message is new again.`,
      failed: 'The message could not be changed.',
      refresh: true,
    });
  }

  return (
    <li className="admin-panel admin-lead">
      <div className="admin-lead-head">
        <h2>{lead.subject || (lead.kind === 'consultation' ? 'Consultation request' : 'Message')}</h2>
        <StatusBadge status={lead.status} />
      </div>
      <p className="muted">
        {lead.kind === 'contact' ? 'Contact form' : `Consultation${lead.service ? ` · ${lead.service}` : ''}`}{' '}
        · {formatDateTime(lead.created_at)}
      </p>
      <p>
        <strong>{lead.name}</strong> · <a href={`mailto:${lead.email}`}>{lead.email}</a>
        {lead.phone && (
          <>
            {' '}
            · <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
          </>
        )}
      </p>
      <p className="admin-message">{lead.message}</p>
      <div className="admin-actions">
        <a className="button button-small" href={replyLink(lead)}>
          Reply by e-mail
        </a>
        <button type="button" className="button button-small button-outline" disabled={busy} onClick={mark}>
          {next === 'handled' ? 'Mark handled' : 'Mark as new'}
        </button>
      </div>
    </li>
  );
}
