import { useState } from 'react';
import { BLOCK_REASON_CODES, BLOCK_REASONS, type BlockReason } from '../../../common/block-reasons';
import {
  FLAG_KIND_LABELS,
  MAX_BLOCK_NOTE,
  REGISTRY_SIGNAL_MESSAGES,
  TAP_KIND_LABELS,
} from '../../../common/messages/registry-signals';
import type { SerialSignals } from '../../../server/modules/registry/anomalies/schemas';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import { SelectField, TextAreaField } from '../FormField';
import { ConfirmDialog } from '../modal/ConfirmDialog';
import { AdminTable } from './AdminTable';

/** The serial's chip as the registry knows it (rows of the card's facts): secure or not, UID, keys, counter. */
export function ChipFacts({ chip }: { chip: SerialSignals['chip'] }) {
  if (!chip.secure) {
    return (
      <>
        <dt>Chip</dt>
        <dd>Not secure: a fixed link, so a tap proves nothing beyond the printed serial</dd>
      </>
    );
  }
  return (
    <>
      <dt>Chip</dt>
      <dd>Secure (NTAG 424 DNA): each tap is verified</dd>
      <dt>Chip UID</dt>
      <dd className="admin-mono">
        {chip.uid ?? 'Placeholder: not bound yet (bound by the import after encoding)'}
      </dd>
      <dt>Key version</dt>
      <dd>
        {chip.key_version}
        {chip.next_key_version !== null && ` (re-keying to version ${chip.next_key_version})`}
      </dd>
      <dt>Last counter</dt>
      <dd>{chip.counter ?? 'Never tapped'}</dd>
    </>
  );
}

/** The open flags with their reasons; each can be cleared once explained (audited). */
export function FlagsPanel({ serial, flags }: { serial: string; flags: SerialSignals['flags'] }) {
  const { working: busy, run } = useWrite<number>();

  async function clear(id: number) {
    await run(() => api(`/admin/serials/${serial}/flags/${id}/clear/`, { method: 'POST' }), {
      key: id,
      done: REGISTRY_SIGNAL_MESSAGES.flagCleared,
      failed: 'The flag could not be cleared.',
      refresh: true,
    });
  }

  return (
    <section className="admin-panel" aria-labelledby="serial-flags">
      <h2 id="serial-flags">Flags</h2>
      {flags.length === 0 ? (
        <p className="muted">No open flag: nothing unusual seen in its taps and checks.</p>
      ) : (
        <ul className="admin-history">
          {flags.map((flag) => (
            <li key={flag.id}>
              <strong>{FLAG_KIND_LABELS[flag.kind]}</strong>: {flag.detail}.
              <p className="admin-note">
                Seen {flag.occurrences === 1 ? 'once' : `${flag.occurrences} times`} since{' '}
                {formatDateTime(flag.first_seen_at)};{' '}
                {flag.reported_at
                  ? `mailed to the firm ${formatDateTime(flag.reported_at)}`
                  : 'not mailed yet'}
                .
              </p>
              <button
                type="button"
                className="button button-outline"
                disabled={busy !== null}
                onClick={() => clear(flag.id)}
                aria-label={`Clear the flag ${FLAG_KIND_LABELS[flag.kind]}`}
              >
                {busy === flag.id ? 'Clearing…' : 'Clear'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        Clear a flag once it is explained; the same signal later raises a new one. Block the serial if the
        card is copied.
      </p>
    </section>
  );
}

/** The newest taps: kind, time and counter; never the visitor's address. */
export function TapsPanel({ taps }: { taps: SerialSignals['taps'] }) {
  return (
    <section className="admin-panel" aria-labelledby="serial-taps">
      <h2 id="serial-taps">Latest taps</h2>
      {taps.length === 0 ? (
        <p className="muted">No tap in the last 90 days.</p>
      ) : (
        <div className="admin-table-scroll">
          <AdminTable
            rows={taps}
            rowKey={(tap) => `${tap.at}-${tap.kind}-${tap.counter ?? ''}`}
            columns={[
              { header: 'Tap', cell: (tap) => TAP_KIND_LABELS[tap.kind] },
              { header: 'When', cell: (tap) => formatDateTime(tap.at) },
              { header: 'Counter', cell: (tap) => tap.counter ?? '—' },
            ]}
          />
        </div>
      )}
    </section>
  );
}

/** Asks why before blocking: the reason code stays with the serial, the note goes to the audit log. */
export function BlockDialog({
  open,
  serial,
  display,
  onClose,
}: {
  open: boolean;
  serial: string;
  display: string;
  onClose(): void;
}) {
  const { busy, run } = useWrite();
  const [reason, setReason] = useState<BlockReason | ''>('');
  const [note, setNote] = useState('');

  async function block() {
    if (!reason) return;
    await run(() => api(`/admin/serials/${serial}/block/`, { method: 'POST', body: { reason, note } }), {
      done: `${display} blocked: checks now answer that it is blocked.`,
      failed: 'The serial number could not be blocked.',
      onDone: onClose,
      refresh: true,
    });
  }

  return (
    <ConfirmDialog
      open={open}
      title={`Block ${display}?`}
      message="Anyone checking this serial will be told it is blocked. You can unblock it later."
      confirmLabel="Block"
      busy={busy}
      confirmDisabled={!reason}
      onConfirm={block}
      onCancel={onClose}
    >
      <SelectField
        label="Reason"
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value as BlockReason)}
        required
      >
        <option value="">Choose a reason…</option>
        {BLOCK_REASON_CODES.map((code) => (
          <option key={code} value={code}>
            {BLOCK_REASONS[code]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Note for the audit log (optional)"
        name="note"
        maxLength={MAX_BLOCK_NOTE}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}
