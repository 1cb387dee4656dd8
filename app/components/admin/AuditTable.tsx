import { Link } from 'react-router';
import type { AuditView } from '../../../server/modules/staff/audit-view';
import { changedFields, isFields } from '../../lib/audit-diff';
import { formatDateTime } from '../../lib/format';
import { AdminTable } from './AdminTable';

/** A change as short text: `{status: "pending"}` → `status: pending`. */
function summary(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (!isFields(value)) return String(value);
  const entries = Object.entries(value);
  if (entries.length === 0) return 'no change';
  return entries
    .map(
      ([key, field]) =>
        `${key}: ${typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field)}`,
    )
    .join(', ');
}

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

/** Audit entries: when, who, what, and the record before and after. */
export function AuditTable({ entries }: { entries: AuditView[] }) {
  return (
    <AdminTable
      rows={entries.map((entry) => ({ entry, change: changedFields(entry.before, entry.after) }))}
      rowKey={({ entry }) => entry.id}
      columns={[
        { header: 'When', cell: ({ entry }) => formatDateTime(entry.created_at) },
        { header: 'Who', cell: ({ entry }) => entry.actor },
        { header: 'What', cell: ({ entry }) => entry.action },
        {
          header: 'Record',
          cell: ({ entry }) => {
            const text = `${entry.target_type} ${entry.target_id}`;
            const to = recordLink(entry);
            return to ? <Link to={to}>{text}</Link> : text;
          },
        },
        { header: 'Before', className: 'admin-change', cell: ({ change }) => summary(change.before) },
        { header: 'After', className: 'admin-change', cell: ({ change }) => summary(change.after) },
      ]}
    />
  );
}
