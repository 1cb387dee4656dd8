import { useState } from 'react';
import {
  PROOF_MESSAGES,
  PROOF_PDF_MAX_MB,
  PROOF_SOURCE_LABELS,
  PROOF_STATUS_LABELS,
} from '../../../common/messages/proofs';
import type { AdminProofList } from '../../../server/modules/proofs/responses';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { sendForm } from '../../lib/upload';
import { useWrite } from '../../lib/use-write';
import { AdminTable } from './AdminTable';

/**
 * The proof step of a personalised order: send the generated proof or upload a corrected one (each a new
 * version that replaces the open one), and every version with the customer's answer and note.
 */
export function ProofPanel({
  orderId,
  awaiting,
  proofs,
}: {
  orderId: number;
  awaiting: boolean;
  proofs: AdminProofList;
}) {
  const { working: busy, run } = useWrite<'generated' | 'uploaded'>();
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const next = (proofs.results[0]?.version ?? 0) + 1;

  async function send(upload: boolean) {
    await run(
      async () => {
        if (upload) {
          if (!file) throw new Error(PROOF_MESSAGES.pdfRequired);
          const form = new FormData();
          form.append('note', note);
          form.append('pdf', file);
          await sendForm(`/admin/orders/${orderId}/proofs/upload/`, form);
        } else {
          await api(`/admin/orders/${orderId}/proofs/`, { method: 'POST', body: { note } });
        }
      },
      {
        key: upload ? 'uploaded' : 'generated',
        done: `Proof version ${next} sent. The customer has been e-mailed.`,
        failed: 'The proof could not be sent.',
        onDone: () => {
          setNote('');
          setFile(null);
        },
        refresh: true,
      },
    );
  }

  return (
    <section className="admin-panel" aria-labelledby="order-proofs">
      <h2 id="order-proofs">Proof</h2>
      {awaiting && (
        <div className="proof-admin-form">
          <p className="muted">
            Only the customer’s approval confirms this order. Each proof sent replaces the open one.
          </p>
          <div className="field">
            <label htmlFor="proof-note">Note to the customer (optional)</label>
            <textarea
              id="proof-note"
              value={note}
              maxLength={500}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="admin-actions">
            <button
              type="button"
              className="button"
              disabled={busy !== null || !proofs.can_generate}
              aria-busy={busy === 'generated'}
              onClick={() => send(false)}
            >
              {busy === 'generated' ? 'Sending…' : 'Send proof to customer'}
            </button>
          </div>
          {busy === 'generated' && (
            <p className="muted" role="status">
              {PROOF_MESSAGES.drawing}
            </p>
          )}
          <div className="field">
            <label htmlFor="proof-pdf">Corrected proof (PDF, at most {PROOF_PDF_MAX_MB} MB)</label>
            <input
              id="proof-pdf"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="admin-actions">
            <button
              type="button"
              className="button button-outline"
              disabled={busy !== null || !file}
              aria-busy={busy === 'uploaded'}
              onClick={() => send(true)}
            >
              {busy === 'uploaded' ? 'Sending…' : 'Upload corrected proof'}
            </button>
          </div>
        </div>
      )}
      {proofs.results.length === 0 ? (
        <p className="muted">No proof sent yet.</p>
      ) : (
        <div className="admin-table-scroll">
          <AdminTable
            rows={proofs.results}
            rowKey={(proof) => proof.id}
            columns={[
              { header: 'Version', cell: (proof) => proof.version },
              { header: 'Source', cell: (proof) => PROOF_SOURCE_LABELS[proof.source] },
              { header: 'Status', cell: (proof) => PROOF_STATUS_LABELS[proof.status] },
              {
                header: 'Sent',
                cell: (proof) =>
                  `${formatDateTime(proof.created_at)}${proof.created_by ? ` by ${proof.created_by}` : ''}`,
              },
              {
                header: 'Answered',
                cell: (proof) => (proof.decided_at ? formatDateTime(proof.decided_at) : ''),
              },
              {
                header: 'Reminded',
                cell: (proof) => (proof.reminded_at ? formatDateTime(proof.reminded_at) : ''),
              },
              {
                header: 'Customer note',
                cell: (proof) => proof.customer_note && <p className="admin-note">{proof.customer_note}</p>,
              },
              {
                header: 'PDF',
                cell: (proof) => (
                  <a href={`/api/admin/orders/${orderId}/proofs/${proof.id}/pdf/`} download>
                    Download v{proof.version}
                  </a>
                ),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
