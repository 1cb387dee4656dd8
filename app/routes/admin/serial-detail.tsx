import { useState } from 'react';
import { Link } from 'react-router';
import { BLOCK_REASONS } from '../../../common/block-reasons';
import { AdminTable } from '../../components/admin/AdminTable';
import { BlockDialog, ChipFacts, FlagsPanel, TapsPanel } from '../../components/admin/SerialSignals';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { loadSerialWithSignals } from '../../lib/serial-signals.server';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/serial-detail';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Serial ${data.display}` : 'Serial');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSerialWithSignals(request, context, params.serial);
}

type Action = 'unblock' | 'reset';
const DONE: Record<Action, string> = {
  unblock: 'unblocked',
  reset: 'reset to 0 verifications',
};

export default function AdminSerialDetail({ loaderData: serial }: Route.ComponentProps) {
  const { busy, run } = useWrite();
  const [confirming, setConfirming] = useState<'reset' | null>(null);
  const [blocking, setBlocking] = useState(false);
  const { signals } = serial;

  async function act(action: Action) {
    await run(() => api(`/admin/serials/${serial.serial}/`, { method: 'POST', body: { action } }), {
      done: `${serial.display} ${DONE[action]}.`,
      failed: 'The serial number could not be changed.',
      onDone: () => setConfirming(null),
      refresh: true,
    });
  }

  return (
    <>
      <p className="admin-back">
        <Link to="/admin/serials">← Registry</Link>
      </p>
      <div className="admin-title">
        <h1 className="admin-mono">{serial.display}</h1>
        <StatusBadge status={serial.status} />
        {serial.suspicious && <StatusBadge status="suspicious" />}
        {serial.lost_at && <span className="admin-badge admin-badge-suspicious">Reported lost</span>}
        {signals.flags.length > 0 && (
          <span className="admin-badge admin-badge-suspicious">
            {signals.flags.length === 1 ? '1 open flag' : `${signals.flags.length} open flags`}
          </span>
        )}
      </div>
      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="serial-facts">
          <h2 id="serial-facts">Card</h2>
          <dl className="admin-facts">
            <dt>Product</dt>
            <dd>
              <Link to={`/admin/cards/${serial.card_id}`}>{serial.card_name}</Link> ({serial.sku})
            </dd>
            <dt>Verified</dt>
            <dd>{serial.verification_count} times</dd>
            <dt>First verified</dt>
            <dd>{formatDateTime(serial.first_verified_at)}</dd>
            <dt>Last verified</dt>
            <dd>{formatDateTime(serial.last_verified_at)}</dd>
            <dt>Claimed by</dt>
            <dd>
              {serial.claimed_by ? (
                <>
                  <Link to={`/admin/users/${serial.claimed_by.id}`}>{serial.claimed_by.email}</Link> on{' '}
                  {formatDateTime(serial.claimed_at)}
                </>
              ) : (
                'Nobody yet'
              )}
            </dd>
            <dt>Reported lost</dt>
            <dd>
              {serial.lost_at
                ? `Since ${formatDateTime(serial.lost_at)}, by its owner: a tap shows "reported lost" and nobody can claim it`
                : 'No'}
            </dd>
            <dt>Registered</dt>
            <dd>{formatDateTime(serial.created_at)}</dd>
            {serial.status === 'blocked' && (
              <>
                <dt>Blocked because</dt>
                <dd>{signals.block_reason ? BLOCK_REASONS[signals.block_reason] : 'No reason given'}</dd>
              </>
            )}
            <ChipFacts chip={signals.chip} />
          </dl>
        </section>
        <section className="admin-panel" aria-labelledby="serial-actions">
          <h2 id="serial-actions">Actions</h2>
          <div className="admin-actions">
            {serial.status === 'active' ? (
              <button
                type="button"
                className="button button-outline button-danger-outline"
                disabled={busy}
                onClick={() => setBlocking(true)}
              >
                Block
              </button>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => act('unblock')}>
                Unblock
              </button>
            )}
            <button
              type="button"
              className="button button-outline"
              disabled={busy || serial.verification_count === 0}
              onClick={() => setConfirming('reset')}
            >
              Reset count
            </button>
          </div>
          <p className="muted">
            Blocking makes every check answer that the serial is blocked. Resetting sets the count to 0; the
            history below stays.
          </p>
        </section>
      </div>
      <div className="admin-columns">
        <FlagsPanel serial={serial.serial} flags={signals.flags} />
        <TapsPanel taps={signals.taps} />
      </div>
      <section className="admin-panel" aria-labelledby="serial-history">
        <h2 id="serial-history">Verification history</h2>
        {serial.history.length === 0 ? (
          <p className="muted">Never verified.</p>
        ) : (
          <div className="admin-table-scroll">
            <AdminTable
              rows={serial.history}
              rowKey={(row) => `${row.at}-${row.count}`}
              columns={[
                { header: 'Check', cell: (row) => `#${row.count}` },
                { header: 'When', cell: (row) => formatDateTime(row.at) },
                { header: 'Client (hashed)', className: 'admin-mono', cell: (row) => row.client },
              ]}
            />
          </div>
        )}
      </section>
      <BlockDialog
        open={blocking}
        serial={serial.serial}
        display={serial.display}
        onClose={() => setBlocking(false)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`Reset ${serial.display}?`}
        message="The verification count goes back to 0, so the card can be verified again. The history is kept."
        confirmLabel="Reset count"
        busy={busy}
        onConfirm={() => confirming && act(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
