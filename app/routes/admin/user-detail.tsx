import { useState } from 'react';
import { Link } from 'react-router';
import { AuditTable } from '../../components/admin/AuditTable';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { TextAreaField } from '../../components/FormField';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { loadAdminUser } from '../../lib/admin.server';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/user-detail';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? data.user.name || data.user.email : 'User');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAdminUser(request, context, params.id);
}

type Change = { disabled: true; reason: string } | { disabled: false } | { role: 'user' | 'admin' };
type Confirming = 'disable' | 'admin' | 'user';

export default function AdminUserDetail({ loaderData }: Route.ComponentProps) {
  const { user, history } = loaderData;
  const { busy, run } = useWrite();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [reason, setReason] = useState('');

  async function change(body: Change, done: string) {
    await run(() => api(`/admin/users/${user.id}/`, { method: 'PATCH', body }), {
      done,
      failed: 'The account could not be changed.',
      onDone: () => setConfirming(null),
      onFailed: () => setConfirming(null),
      refresh: true,
    });
  }

  const who = user.name || user.email;
  return (
    <>
      <p className="admin-back">
        <Link to="/admin/users">← Users</Link>
      </p>
      <div className="admin-title">
        <h1>{who}</h1>
        <StatusBadge status={user.status} />
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
              <Link to={`/profile/${user.username}`} reloadDocument>
                /profile/{user.username}
              </Link>
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
            {user.disabled && (
              <>
                <dt>Disabled</dt>
                <dd>
                  {formatDateTime(user.disabled.at)}
                  {user.disabled.by && ` by ${user.disabled.by}`}: {user.disabled.reason || '—'}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="admin-panel" aria-labelledby="user-actions">
          <h2 id="user-actions">Actions</h2>
          <div className="admin-actions">
            {user.disabled ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  change(
                    { disabled: false },
                    user.status === 'unverified'
                      ? `${who} is enabled; they can log in once they confirm their e-mail.`
                      : `${who} can log in again.`,
                  )
                }
              >
                Enable
              </button>
            ) : (
              <button
                type="button"
                className="button button-outline button-danger-outline"
                disabled={busy}
                onClick={() => {
                  setReason('');
                  setConfirming('disable');
                }}
              >
                Disable
              </button>
            )}
            {user.role === 'admin' ? (
              <button
                type="button"
                className="button button-outline"
                disabled={busy}
                onClick={() => setConfirming('user')}
              >
                Remove admin role
              </button>
            ) : (
              <button
                type="button"
                className="button button-outline"
                disabled={busy}
                onClick={() => setConfirming('admin')}
              >
                Make admin
              </button>
            )}
          </div>
          <p className="muted">
            Disabling signs the account out everywhere at once and hides its public card and tap links; no
            e-mail link (activation, password reset) brings it back, only an admin. The last active admin
            stays.
          </p>
        </section>
      </div>
      {history.length > 0 && (
        <section className="admin-panel" aria-labelledby="user-history">
          <h2 id="user-history">Changes by admins</h2>
          <div className="admin-table-scroll">
            <AuditTable entries={history} />
          </div>
        </section>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'disable'
            ? `Disable ${who}?`
            : confirming === 'admin'
              ? `Make ${who} an admin?`
              : `Remove ${who}'s admin role?`
        }
        message={
          confirming === 'disable'
            ? 'They are signed out everywhere, their public card and tap links stop showing, and they cannot log in, reset their password or activate until an admin enables the account again.'
            : confirming === 'admin'
              ? 'Admins can see every order and account, and change the catalogue, the registry and users.'
              : 'They keep their account but lose the admin console.'
        }
        confirmLabel={confirming === 'disable' ? 'Disable' : 'Confirm'}
        confirmDisabled={confirming === 'disable' && reason.trim().length < 3}
        busy={busy}
        onConfirm={() => {
          if (confirming === 'disable') {
            void change({ disabled: true, reason: reason.trim() }, `${who} is disabled and signed out.`);
          } else if (confirming) {
            const done = confirming === 'admin' ? `${who} is now an admin.` : `${who} is no longer an admin.`;
            void change({ role: confirming }, done);
          }
        }}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'disable' && (
          <TextAreaField
            label="Reason (kept in the audit log)"
            name="reason"
            rows={3}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
