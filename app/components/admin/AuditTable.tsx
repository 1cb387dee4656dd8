import { Link } from 'react-router';
import { codeWords } from '../../../common/order-status';
import type { AuditView } from '../../../server/modules/staff/audit-view';
import { formatDateTime } from '../../lib/format';
import { AdminTable } from './AdminTable';

const WHO: Record<AuditView['actor_kind'], string> = {
  admin: 'Admin',
  customer: 'Customer',
  removed: 'Removed account',
};

/** Where the record an entry is about can be seen, when it has a page. */
function recordLink(entry: AuditView): string | undefined {
  switch (entry.target_type) {
    case 'order':
      return `/admin/orders/${entry.target_id}`;
    case 'user':
      return `/admin/users/${entry.target_id}`;
    case 'serial':
      return entry.target_id === 'csv' ? undefined : `/admin/serials/${entry.target_id}`;
    case 'card':
      return /^\d+$/.test(entry.target_id)
        ? `/admin/cards/${entry.target_id}`
        : `/admin/serials?search=${encodeURIComponent(entry.target_id)}`;
    default:
      return undefined;
  }
}

/** Audit entries: when, who (the firm or a customer), what, the record, and what changed in words. */
export function AuditTable({ entries }: { entries: AuditView[] }) {
  return (
    <AdminTable
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { header: 'When', className: 'admin-nowrap', cell: (entry) => formatDateTime(entry.created_at) },
        {
          header: 'Who',
          cell: (entry) => (
            <>
              {WHO[entry.actor_kind]} <span className="admin-who">{entry.actor}</span>
            </>
          ),
        },
        { header: 'What', cell: (entry) => entry.what },
        {
          header: 'Record',
          className: 'admin-nowrap',
          cell: (entry) => {
            const text = `${codeWords(entry.target_type)} ${entry.target_id}`;
            const to = recordLink(entry);
            return to ? <Link to={to}>{text}</Link> : text;
          },
        },
        {
          header: 'Changes',
          className: 'admin-change',
          cell: (entry) =>
            entry.changes.length === 0 ? (
              '—'
            ) : (
              <ul>
                {entry.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}
