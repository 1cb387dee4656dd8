import { type FormEvent, useState } from 'react';
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
    await run(() => sendForm<StatementImport>('/admin/bank/statements/', body), {
      done: (result) => result.detail,
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
            />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
          <CsvProblems heading="Nothing was imported." problems={problems} />
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
        <h2 id="bank-waiting">To assign ({overview.to_assign_count})</h2>
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
                { header: 'Decide', cell: (line) => <LineDecision line={line} /> },
              ]}
            />
          </div>
        )}
      </section>

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

/** Assign one line to an order by its number, or set it aside as not a payment for the firm. */
function LineDecision({ line }: { line: BankLine }) {
  const { busy, run } = useWrite();
  const [error, setError] = useState('');
  const inputId = `bank-line-${line.id}-order`;
  const errorId = `${inputId}-error`;

  async function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const order = String(new FormData(event.currentTarget).get('order') ?? '');
    setError('');
    await run(() => api(`/admin/bank/lines/${line.id}/assign/`, { method: 'POST', body: { order } }), {
      done: (assigned) => `${money(line)} recorded as a payment on order ${assigned.order_number}.`,
      failed: null,
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
      refresh: true,
    });
  }

  return (
    <div className="admin-bank-decision">
      <form onSubmit={assign} noValidate>
        <label htmlFor={inputId}>Order number</label>
        <input
          id={inputId}
          name="order"
          placeholder="NX-7K3M-9Q2P"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button-small" disabled={busy}>
          Assign
        </button>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      <button type="button" className="button button-small button-outline" disabled={busy} onClick={ignore}>
        Not a payment for us
      </button>
    </div>
  );
}
