import { useEffect, useRef, useState } from 'react';
import type { PersonalisationEntry } from '../../../common/card-design/line-designs';
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
import { correctionChanges, correctionProblem, entryOf, ProofCorrection } from './ProofCorrection';

/**
 * The proof step of a personalised order: send the generated proof, correct the cards and send the next
 * version of them, or upload a corrected PDF (each a new version that replaces the open one), and every
 * version with what it changed, the firm's note and the customer's answer.
 */
export function ProofPanel({
  orderId,
  awaiting,
  proofs,
  customerEmail,
}: {
  orderId: number;
  awaiting: boolean;
  proofs: AdminProofList;
  customerEmail: string;
}) {
  const { working: busy, run } = useWrite<'generated' | 'uploaded'>();
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The cards as the firm is correcting them; null while not correcting.
  const [entries, setEntries] = useState<PersonalisationEntry[] | null>(null);
  // Said where the firm is looking, beside the buttons, until the next send.
  const [sent, setSent] = useState<{ by: 'generated' | 'uploaded'; text: string } | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  // The correction form closes when its proof is sent, and the page moves up beneath the firm's eyes: the
  // confirmation is brought to where they are looking.
  useEffect(() => {
    if (sent) sentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [sent]);
  const next = (proofs.results[0]?.version ?? 0) + 1;
  const changes = entries ? correctionChanges(proofs.cards, entries) : [];
  const problem = entries ? correctionProblem(proofs.cards, entries) : undefined;
  const correcting = changes.length > 0;

  async function send(upload: boolean) {
    setSent(null);
    const corrected = correcting && entries ? correctedCards(entries) : undefined;
    await run(
      async () => {
        if (upload) {
          if (!file) throw new Error(PROOF_MESSAGES.pdfRequired);
          const form = new FormData();
          form.append('note', note);
          form.append('pdf', file);
          await sendForm(`/admin/orders/${orderId}/proofs/upload/`, form);
        } else {
          await api(`/admin/orders/${orderId}/proofs/`, {
            method: 'POST',
            body: { note, ...(corrected ? { cards: corrected } : {}) },
          });
        }
      },
      {
        key: upload ? 'uploaded' : 'generated',
        // Said beside the button pressed (below), not in a toast.
        failed: 'The proof could not be sent.',
        onDone: () => {
          setNote('');
          setFile(null);
          setEntries(null);
          setSent({
            by: upload ? 'uploaded' : 'generated',
            text: `Proof version ${next} sent to ${customerEmail}.`,
          });
        },
        refresh: true,
      },
    );
  }

  /** The corrected cards only, each whole (what it prints and for whom), as the buyer's order sent them. */
  function correctedCards(edited: PersonalisationEntry[]) {
    return proofs.cards.flatMap((card, index) => {
      const entry = edited[index];
      if (!entry || correctionChanges([card], [entry]).length === 0) return [];
      return [{ id: card.id, ...entry }];
    });
  }

  return (
    <section className="admin-panel" aria-labelledby="order-proofs">
      <h2 id="order-proofs">Proof</h2>
      {awaiting && (
        <div className="proof-admin-form">
          <p className="muted">
            Only the customer’s approval confirms this order. Each proof sent replaces the open one.
          </p>
          {proofs.cards.length > 0 && (
            <div className="admin-actions">
              <button
                type="button"
                className="button button-outline"
                aria-expanded={entries !== null}
                aria-controls="proof-correction"
                disabled={busy !== null}
                onClick={() => {
                  setSent(null);
                  setEntries(entries ? null : proofs.cards.map(entryOf));
                }}
              >
                {entries ? 'Stop correcting' : 'Correct the printed cards'}
              </button>
            </div>
          )}
          {entries && (
            <div id="proof-correction">
              <ProofCorrection
                cards={proofs.cards}
                pictures={proofs.pictures}
                entries={entries}
                onChange={(edited) => {
                  setSent(null);
                  setEntries(edited);
                }}
              />
              {changes.length > 0 ? (
                <div className="admin-correction-changes">
                  <p>Version {next} will show the customer what changed:</p>
                  <ul>
                    {changes.map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="muted">Change a card’s details: the drawing shows them as they will print.</p>
              )}
            </div>
          )}
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
              disabled={busy !== null || !proofs.can_generate || problem !== undefined}
              aria-busy={busy === 'generated'}
              onClick={() => send(false)}
            >
              {busy === 'generated'
                ? 'Sending…'
                : correcting
                  ? `Send corrected proof (version ${next})`
                  : 'Send proof to customer'}
            </button>
          </div>
          <div role="status" aria-live="polite">
            {busy === 'generated' && <p className="muted">{PROOF_MESSAGES.drawing}</p>}
            {problem && <p className="field-error">{problem}</p>}
            {sent?.by === 'generated' && (
              <p ref={sentRef} className="status-message success">
                {sent.text}
              </p>
            )}
          </div>
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
          <div role="status" aria-live="polite">
            {sent?.by === 'uploaded' && (
              <p ref={sentRef} className="status-message success">
                {sent.text}
              </p>
            )}
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
      {proofs.results.some((proof) => proof.changes.length > 0 || proof.firm_note) && (
        <dl className="admin-proof-versions">
          {proofs.results
            .filter((proof) => proof.changes.length > 0 || proof.firm_note)
            .map((proof) => (
              <div key={proof.id}>
                <dt>Version {proof.version} sent with</dt>
                <dd>
                  {proof.changes.length > 0 && (
                    <ul>
                      {proof.changes.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  )}
                  {proof.firm_note && <p className="admin-note">Note to the customer: {proof.firm_note}</p>}
                </dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}
