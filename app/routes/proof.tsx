import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  PROOF_CUSTOMER_STATUS_LABELS,
  PROOF_MESSAGES,
  PROOF_NOTE_MAX_LENGTH,
} from '../../common/messages/proofs';
import { company } from '../../content/company';
import type { CustomerProof } from '../../server/modules/proofs/responses';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { TextAreaField } from '../components/FormField';
import { PageHeader } from '../components/page-header/PageHeader';
import { ApiError, api, fieldErrors, serverDetail } from '../lib/api';
import { formatDate } from '../lib/format';
import { loadProofPage } from '../lib/proofs.server';
import type { RouteError } from '../lib/route-error';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/proof';

function describeError({ status, message }: RouteError): ErrorView {
  const actions = (
    <Link to="/profile#orders" className="button button-outline">
      See my orders
    </Link>
  );
  if (status === 404)
    return {
      title: message ?? PROOF_MESSAGES.linkInvalid,
      advice: `Proof links work for 30 days. If yours is older, sign in and review the proof from your orders, or ask us at ${company.email}.`,
      actions,
    };
  return { title: SOMETHING_WENT_WRONG, advice: 'Please try again in a moment.', actions };
}

export const meta: Route.MetaFunction = ({ data, error }) => [
  {
    title: error
      ? errorPageTitle(describeError, error)
      : `Proof of order ${data?.proof.order_number ?? ''} | ${company.name}`,
  },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadProofPage(context, params.token);
}

/** Why this proof cannot be answered any more, in the customer's words. */
function closedReason(proof: CustomerProof): string {
  if (proof.status === 'superseded') return PROOF_MESSAGES.superseded;
  if (proof.status === 'approved') return `You approved this proof on ${formatDate(proof.decided_at ?? '')}.`;
  if (proof.status === 'changes_requested')
    return `You asked for changes on ${formatDate(proof.decided_at ?? '')}; we will send you a corrected proof.`;
  return PROOF_MESSAGES.notAwaiting;
}

/**
 * A proof link's page: the order's number, the proof's pictures and PDF, and the decision (never taken on
 * load: mail scanners open links). No address or other personal data: the link may be forwarded.
 */
export default function Proof({ loaderData, params }: Route.ComponentProps) {
  const { signedInOwner } = loaderData;
  const revalidator = useRevalidator();
  const [proof, setProof] = useState<CustomerProof>(loaderData.proof);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { working: busy, run } = useWrite<'approve' | 'request_changes'>();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'failure'; text: string } | null>(null);
  const base = `/api/proofs/${params.token}`;
  // After a refused answer the page reloads its data: show the proof as it now is.
  useEffect(() => setProof(loaderData.proof), [loaderData.proof]);

  async function decide(decision: 'approve' | 'request_changes') {
    setErrors({});
    setOutcome(null);
    const body = { decision, note };
    await run(
      () =>
        signedInOwner
          ? api(`/orders/${proof.order_id}/proof/decision/`, {
              method: 'POST',
              body: { version: proof.version, ...body },
            })
          : api(`/proofs/${params.token}/decision/`, { method: 'POST', body }),
      {
        key: decision,
        // The outcome is said on the page, not in a toast.
        failed: null,
        onDone: (answered) => {
          setProof(answered);
          setOutcome({
            kind: 'success',
            text: decision === 'approve' ? PROOF_MESSAGES.approved : PROOF_MESSAGES.changesRequested,
          });
        },
        onFailed: async (error) => {
          setErrors(fieldErrors(error));
          const detail = serverDetail(error);
          setOutcome({ kind: 'failure', text: detail ?? 'Your answer could not be sent. Please try again.' });
          // Someone answered first (another tab, a newer version): show the proof as it now is.
          if (error instanceof ApiError && error.status === 409) {
            await revalidator.revalidate();
          }
        },
      },
    );
  }

  const current = proof;
  return (
    <>
      <PageHeader title={`Proof of order ${current.order_number}`} />
      <section className="container section proof-page">
        <p className="proof-meta">
          Version {current.version} · sent {formatDate(current.created_at)} ·{' '}
          <span className={`status-badge proof-badge proof-status-${current.status}`}>
            {PROOF_CUSTOMER_STATUS_LABELS[current.status]}
          </span>
        </p>
        {current.open ? (
          <p>
            Please check every card: names, spelling, titles and pictures. We print exactly this once you
            approve it, and your order is confirmed then.
          </p>
        ) : (
          <p className="status-message">{closedReason(current)}</p>
        )}
        {current.firm_note && (
          <blockquote className="proof-note proof-firm-note">
            <p className="muted">Our note to you</p>
            <p>{current.firm_note}</p>
          </blockquote>
        )}
        {current.changes.length > 0 && (
          <div className="proof-changes">
            <h2>What we changed since the previous proof</h2>
            <ul>
              {current.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </div>
        )}
        {current.customer_note && (
          <blockquote className="proof-note">
            <p className="muted">Your note</p>
            <p>{current.customer_note}</p>
          </blockquote>
        )}

        {current.cards.length > 0 ? (
          <ul className="proof-cards">
            {current.cards.map((card) => (
              <li key={card.id} className="proof-card">
                <h2>{card.label}</h2>
                <div className="proof-sides">
                  {(['front', 'back'] as const).map((side) => (
                    <figure key={side}>
                      <img
                        src={`${base}/cards/${card.id}/${side}/`}
                        alt={`${card.label}, ${side}`}
                        width={428}
                        height={270}
                        loading="lazy"
                      />
                      <figcaption>{side === 'front' ? 'Front' : 'Back'}</figcaption>
                    </figure>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>This version is a corrected proof made by us: it is in the PDF below.</p>
        )}
        <p>
          <a className="button button-outline" href={`${base}/pdf/`} download>
            Download the proof (PDF)
          </a>
        </p>

        <div role="status" aria-live="polite">
          {outcome && <p className={`status-message ${outcome.kind}`}>{outcome.text}</p>}
        </div>

        {current.open && (
          <div className="proof-decision">
            <h2>Your answer</h2>
            <div className="form-actions">
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => decide('approve')}
              >
                {busy === 'approve' ? 'Approving...' : 'Approve proof'}
              </button>
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void decide('request_changes');
              }}
            >
              <TextAreaField
                label="What should we change?"
                name="note"
                value={note}
                rows={4}
                maxLength={PROOF_NOTE_MAX_LENGTH}
                required
                errors={errors.note}
                onChange={(event) => setNote(event.target.value)}
              />
              <div className="form-actions">
                <button type="submit" className="button button-outline" disabled={busy !== null}>
                  {busy === 'request_changes' ? 'Sending...' : 'Request changes'}
                </button>
              </div>
            </form>
          </div>
        )}
        {signedInOwner && (
          <p>
            <Link to="/profile#orders">Back to my orders</Link>
          </p>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
