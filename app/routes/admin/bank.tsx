import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { BankLine, StatementImport } from '../../../server/modules/payments/statements/responses';
import { AdminTable } from '../../components/admin/AdminTable';
import { CsvProblems } from '../../components/admin/CsvProblems';
import { api, fieldErrors, serverDetail } from '../../lib/api';
import { loadBank } from '../../lib/bank.server';
import { formatDate, formatDateTime } from '../../lib/format';
import { sendForm } from '../../lib/upload';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/bank';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Bank statements');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBank(request, context);
}

const money = (line: { amount: string; currency: string }) => `${line.amount} ${line.currency}`;

/**
 * The bank's statements: an upload matches transfers to orders by their reference and amount; what nothing
 * matched waits here for the admin, who assigns it to an order or sets it aside.
 */
export default function AdminBank({ loaderData: overview }: Route.ComponentProps) {
  const { busy, run } = useWrite();
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const problemsRef = useRef<HTMLDivElement>(null);
  // After a decision the line leaves the list: focus goes to the next line's order number, or to the heading.
  const [focusAfter, setFocusAfter] = useState<{ next: number | null } | null>(null);
  const waiting = overview.to_assign;

  useEffect(() => {
    if (problems.length > 0) problemsRef.current?.focus();
  }, [problems]);

  useEffect(() => {
    if (!focusAfter) return;
    const next =
      focusAfter.next === null ? null : document.getElementById(`bank-line-${focusAfter.next}-order`);
    (next ?? document.getElementById('bank-waiting'))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  function decided(id: number) {
    const at = waiting.findIndex((line) => line.id === id);
    const next = waiting[at + 1] ?? waiting[at - 1] ?? null;
    setFocusAfter({ next: next?.id ?? null });
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('file') as HTMLInputElement).files?.[0];
    setStatus('');
    if (!file) {
      setProblems(['Choose the statement file (camt.053 XML or CSV).']);
      return;
    }
    setProblems([]);
    const body = new FormData();
    body.append('file', file);
    // Announced once, by the status line below the form (no toast as well).
    await run(() => sendForm<StatementImport>('/admin/bank/statements/', body), {
      failed: null,
      onDone: (result) => {
        setStatus(result.detail);
        form.reset();
      },
      onFailed: (error) =>
        setProblems(fieldErrors(error).file ?? [serverDetail(error) ?? 'The file could not be imported.']),
      refresh: true,
    });
  }

  return (
    <>
      <h1>Bank statements</h1>
      <div className="admin-columns">
        <form className="admin-panel form" onSubmit={upload} aria-labelledby="bank-upload" noValidate>
          <h2 id="bank-upload">Import a statement</h2>
          <div className="field">
            <label htmlFor="bank-file">Statement file (camt.053 XML or CSV)</label>
            <input
              id="bank-file"
              name="file"
              type="file"
              accept=".xml,.csv,application/xml,text/xml,text/csv"
              aria-invalid={problems.length > 0 ? true : undefined}
              aria-describedby={problems.length > 0 ? 'bank-file-problems' : undefined}
            />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
          <div id="bank-file-problems" ref={problemsRef} tabIndex={-1}>
            <CsvProblems heading="Nothing was imported." problems={problems} />
          </div>
        </form>
        <section className="admin-panel" aria-labelledby="bank-format">
          <h2 id="bank-format">How lines are matched</h2>
          <p>
            A transfer that quotes an order’s RF reference or number and pays what the order owes, or part of
            it, is recorded as a payment at once. Anything else waits below. Lines already imported are left
            as they are, so a statement can be imported again safely.
          </p>
          <p>A CSV file has this header, with amounts like 1234.50 (money out below zero):</p>
          <pre className="admin-mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {
              'date,amount,currency,reference,name,bank_reference\n2026-11-27,50.00,USD,RF24NX7K3M9Q2P,Ada Lovelace,A001'
            }
          </pre>
        </section>
      </div>
      <p role="status" className="muted">
        {status}
      </p>

      <section className="admin-panel" aria-labelledby="bank-waiting">
        <h2 id="bank-waiting" tabIndex={-1}>
          To assign ({overview.to_assign_count})
        </h2>
        {overview.to_assign.length === 0 ? (
          <p className="muted">Every imported line is matched, assigned or set aside.</p>
        ) : (
          <div className="admin-table-scroll">
            <AdminTable
              rows={overview.to_assign}
              rowKey={(line) => line.id}
              columns={[
                { header: 'Booked', cell: (line) => formatDate(line.booked_on) },
                { header: 'Amount', cell: money },
                { header: 'From', cell: (line) => line.counterparty ?? '—' },
                {
                  header: 'Reference',
                  cell: (line) => <span className="admin-message">{line.remittance ?? '—'}</span>,
                },
                {
                  header: 'Decide',
                  cell: (line) => <LineDecision line={line} onDecided={() => decided(line.id)} />,
                },
              ]}
            />
          </div>
        )}
      </section>

      {overview.set_aside.length > 0 && (
        <section className="admin-panel" aria-labelledby="bank-set-aside">
          <h2 id="bank-set-aside">Set aside</h2>
          <p className="muted">Lines marked as not a payment for us. Put one back if that was a mistake.</p>
          <div className="admin-table-scroll">
            <AdminTable
              rows={overview.set_aside}
              rowKey={(line) => line.id}
              columns={[
                { header: 'Booked', cell: (line) => formatDate(line.booked_on) },
                { header: 'Amount', cell: money },
                { header: 'From', cell: (line) => line.counterparty ?? '—' },
                {
                  header: 'Reference',
                  cell: (line) => <span className="admin-message">{line.remittance ?? '—'}</span>,
                },
                { header: 'Undo', cell: (line) => <PutBack line={line} /> },
              ]}
            />
          </div>
        </section>
      )}

      <section className="admin-panel" aria-labelledby="bank-statements">
        <h2 id="bank-statements">Recent statements</h2>
        {overview.statements.length === 0 ? (
          <p className="muted">No statement imported yet.</p>
        ) : (
          <div className="admin-table-scroll">
            <AdminTable
              rows={overview.statements}
              rowKey={(statement) => statement.id}
              columns={[
                { header: 'Imported', cell: (statement) => formatDateTime(statement.imported_at) },
                {
                  header: 'Statement',
                  cell: (statement) => <span className="admin-message">{statement.reference}</span>,
                },
                { header: 'Format', cell: (statement) => (statement.format === 'csv' ? 'CSV' : 'camt.053') },
                { header: 'New lines', cell: (statement) => statement.lines },
                { header: 'Waiting', cell: (statement) => statement.to_assign },
                { header: 'By', cell: (statement) => statement.imported_by ?? '—' },
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}

/** The row in words, for the controls that act on it: "27 Nov 2026, 50.00 USD from Ada Lovelace". */
function LineWords({ line, id }: { line: BankLine; id: string }) {
  return (
    <span id={id} className="visually-hidden">
      {`${formatDate(line.booked_on)}, ${money(line)}${line.counterparty ? ` from ${line.counterparty}` : ''}`}
    </span>
  );
}

/** Puts a line set aside back among those to assign. */
function PutBack({ line }: { line: BankLine }) {
  const { busy, run } = useWrite();
  const wordsId = `bank-set-aside-${line.id}-words`;
  async function restore() {
    await run(() => api(`/admin/bank/lines/${line.id}/restore/`, { method: 'POST' }), {
      done: `${money(line)} put back among the lines to assign.`,
      failed: 'The line could not be put back.',
      refresh: true,
    });
  }
  return (
    <>
      <LineWords line={line} id={wordsId} />
      <button
        type="button"
        className="button button-small button-outline"
        disabled={busy}
        onClick={restore}
        aria-describedby={wordsId}
      >
        Put back
      </button>
    </>
  );
}

/** Assign one line to an order by its number, or set it aside (after a confirmation) as not a payment for the firm. */
function LineDecision({ line, onDecided }: { line: BankLine; onDecided: () => void }) {
  const { busy, run } = useWrite();
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const inputId = `bank-line-${line.id}-order`;
  const errorId = `${inputId}-error`;
  const wordsId = `bank-line-${line.id}-words`;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const order = String(new FormData(event.currentTarget).get('order') ?? '');
    setError('');
    await run(() => api(`/admin/bank/lines/${line.id}/assign/`, { method: 'POST', body: { order } }), {
      done: (assigned) => `${money(line)} recorded as a payment on order ${assigned.order_number}.`,
      failed: null,
      onDone: onDecided,
      onFailed: (failure) =>
        setError(
          fieldErrors(failure).order?.[0] ?? serverDetail(failure) ?? 'The line could not be assigned.',
        ),
      refresh: true,
    });
  }

  async function ignore() {
    await run(() => api(`/admin/bank/lines/${line.id}/ignore/`, { method: 'POST' }), {
      done: `${money(line)} set aside: not a payment for us.`,
      failed: 'The line could not be set aside.',
      onDone: onDecided,
      refresh: true,
    });
  }

  return (
    <div className="admin-bank-decision">
      <LineWords line={line} id={wordsId} />
      <form onSubmit={assign} noValidate>
        <label htmlFor={inputId}>Order number</label>
        <input
          id={inputId}
          name="order"
          placeholder="NX-7K3M-9Q2P"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${wordsId}` : wordsId}
        />
        <button type="submit" className="button button-small" disabled={busy} aria-describedby={wordsId}>
          Assign
        </button>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {confirming ? (
        <fieldset className="admin-bank-confirm" aria-describedby={wordsId}>
          <legend>Set this line aside as not a payment for us?</legend>
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={ignore}
            ref={confirmRef}
          >
            Yes, set aside
          </button>
          <button
            type="button"
            className="button button-small button-outline"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Keep it
          </button>
        </fieldset>
      ) : (
        <button
          type="button"
          className="button button-small button-outline"
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-describedby={wordsId}
        >
          Not a payment for us
        </button>
      )}
    </div>
  );
}
