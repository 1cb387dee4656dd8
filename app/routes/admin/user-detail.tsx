import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { AuditTable } from '../../components/admin/AuditTable';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadAdminUser } from '../../lib/admin.server';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toastFailure } from '../../lib/toast-failure';
import type { Route } from './+types/user-detail';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? data.user.name || data.user.email : 'User');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAdminUser(request, context, params.id);
}

type Change = { is_active: boolean } | { role: 'user' | 'admin' };

export default function AdminUserDetail({ loaderData }: Route.ComponentProps) {
  const { user, history } = loaderData;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Change | null>(null);

  async function change(body: Change, done: string) {
    setBusy(true);
    try {
      await api(`/admin/users/${user.id}/`, { method: 'PATCH', body });
      toast.success(done);
      setConfirming(null);
      await revalidator.revalidate();
    } catch (error) {
      toastFailure('The account could not be changed.', error);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  const who = user.name || user.email;
  return (
    <>
      <p className="admin-back">
        <Link to="/admin/users">← Users</Link>
      </p>
      <div className="admin-title">
        <h1>{who}</h1>
        <StatusBadge status={user.is_active ? 'active' : 'inactive'} />
        {user.role === 'admin' && <StatusBadge status="admin" />}
      </div>
      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="user-facts">
          <h2 id="user-facts">Account</h2>
          <dl className="admin-facts">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
            <dt>Public card</dt>
            <dd>
              <Link to={`/profile/${user.username}`}>/profile/{user.username}</Link>
            </dd>
            <dt>Phone</dt>
            <dd>{user.phone || '—'}</dd>
            <dt>Company</dt>
            <dd>{[user.job_title, user.company].filter(Boolean).join(', ') || '—'}</dd>
            <dt>Joined</dt>
            <dd>{formatDateTime(user.created_at)}</dd>
            <dt>Last login</dt>
            <dd>{formatDateTime(user.last_login_at)}</dd>
            <dt>Orders</dt>
            <dd>
              <Link to={`/admin/orders?search=${encodeURIComponent(user.email)}`}>{user.order_count}</Link>
            </dd>
            <dt>Claimed cards</dt>
            <dd>{user.claimed_cards}</dd>
          </dl>
        </section>
        <section className="admin-panel" aria-labelledby="user-actions">
          <h2 id="user-actions">Actions</h2>
          <div className="admin-actions">
            {user.is_active ? (
              <button
                type="button"
                className="button button-outline button-danger-outline"
                disabled={busy}
                onClick={() => setConfirming({ is_active: false })}
              >
                Deactivate
              </button>
            ) : (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => change({ is_active: true }, `${who} can log in again.`)}
              >
                Activate
              </button>
            )}
            {user.role === 'admin' ? (
              <button
                type="button"
                className="button button-outline"
                disabled={busy}
                onClick={() => setConfirming({ role: 'user' })}
              >
                Remove admin role
              </button>
            ) : (
              <button
                type="button"
                className="button button-outline"
                disabled={busy}
                onClick={() => setConfirming({ role: 'admin' })}
              >
                Make admin
              </button>
            )}
          </div>
          <p className="muted">
            Deactivating signs the account out everywhere at once. The last active admin stays.
          </p>
        </section>
      </div>
      {history.length > 0 && (
        <section className="admin-panel" aria-labelledby="user-history">
          <h2 id="user-history">Changes by admins</h2>
          <div className="table-scroll">
            <AuditTable entries={history} />
          </div>
        </section>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming && 'is_active' in confirming
            ? `Deactivate ${who}?`
            : confirming?.role === 'admin'
              ? `Make ${who} an admin?`
              : `Remove ${who}'s admin role?`
        }
        message={
          confirming && 'is_active' in confirming
            ? 'They are signed out everywhere and cannot log in until an admin activates the account again.'
            : confirming?.role === 'admin'
              ? 'Admins can see every order and account, and change the catalogue, the registry and users.'
              : 'They keep their account but lose the admin console.'
        }
        confirmLabel={confirming && 'is_active' in confirming ? 'Deactivate' : 'Confirm'}
        busy={busy}
        onConfirm={() => {
          if (!confirming) return;
          const done =
            'is_active' in confirming
              ? `${who} is deactivated and signed out.`
              : confirming.role === 'admin'
                ? `${who} is now an admin.`
                : `${who} is no longer an admin.`;
          void change(confirming, done);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
