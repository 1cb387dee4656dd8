import { type FormEvent, Fragment, useState } from 'react';
import { Link } from 'react-router';
import { BLOCK_REASON_CODES, BLOCK_REASONS } from '../../../common/block-reasons';
import { MAX_SERIAL_CSV_BYTES } from '../../../common/limits';
import { MAX_BLOCK_ROWS, REGISTRY_SIGNAL_MESSAGES } from '../../../common/messages/registry-signals';
import type { BulkBlock } from '../../../server/modules/registry/anomalies/schemas';
import { AdminTable } from '../../components/admin/AdminTable';
import { CsvProblems } from '../../components/admin/CsvProblems';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { requireAdmin } from '../../lib/admin.server';
import { api, fieldErrors, serverDetail } from '../../lib/api';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/serial-blocks';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Block serials from a CSV');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

function send(csv: string, apply: boolean): Promise<BulkBlock> {
  return api('/admin/serials/blocks/', { method: 'POST', body: { csv, apply } });
}

/**
 * Blocks many serials at once, each for its reason: the file is checked first and shown for confirmation;
 * one wrong row and nothing is blocked.
 */
export default function AdminSerialBlocks() {
  const { busy, run } = useWrite();
  const [problems, setProblems] = useState<string[]>([]);
  const [checked, setChecked] = useState<{ csv: string; result: BulkBlock } | null>(null);
  const [status, setStatus] = useState('');

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem('csv') as HTMLInputElement).files?.[0];
    setChecked(null);
    setStatus('');
    if (!file) {
      setProblems([REGISTRY_SIGNAL_MESSAGES.chooseCsv]);
      return;
    }
    if (file.size > MAX_SERIAL_CSV_BYTES) {
      setProblems([REGISTRY_SIGNAL_MESSAGES.tooManyRows(MAX_BLOCK_ROWS)]);
      return;
    }
    setProblems([]);
    await run(
      async () => {
        const csv = await file.text();
        return { csv, result: await send(csv, false) };
      },
      {
        failed: (error) => serverDetail(error) ?? 'The file could not be read.',
        onDone: (read) => {
          setChecked(read);
          setStatus(REGISTRY_SIGNAL_MESSAGES.readyToBlock(read.result.rows.length));
        },
        onFailed: (error) => setProblems(fieldErrors(error).csv ?? []),
      },
    );
  }

  async function apply() {
    if (!checked) return;
    const { csv } = checked;
    await run(() => send(csv, true), {
      done: (result) => result.detail,
      failed: 'The serial numbers could not be blocked.',
      onDone: (result) => {
        setChecked({ csv, result });
        setStatus(result.detail);
      },
      onFailed: (error) => setProblems(fieldErrors(error).csv ?? []),
    });
  }

  const result = checked?.result;
  return (
    <>
      <p className="admin-back">
        <Link to="/admin/serials">← Registry</Link>
      </p>
      <h1>Block serials from a CSV</h1>
      <div className="admin-columns">
        <form className="admin-panel form" onSubmit={check} aria-labelledby="blocks-file" noValidate>
          <h2 id="blocks-file">1. Choose the file</h2>
          <div className="field">
            <label htmlFor="blocks-csv">CSV file with the columns serial, reason and (optionally) note</label>
            <input id="blocks-csv" name="csv" type="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy && !result ? 'Checking…' : 'Check the file'}
          </button>
          <CsvProblems heading={REGISTRY_SIGNAL_MESSAGES.nothingBlocked} problems={problems} />
        </form>
        <section className="admin-panel" aria-labelledby="blocks-format">
          <h2 id="blocks-format">The format</h2>
          <p>
            One serial per row under a header, up to {MAX_BLOCK_ROWS.toLocaleString('en-US')} rows. Every row
            is checked first: if one is wrong, nothing is blocked.
          </p>
          <pre className="admin-mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {'serial,reason,note\nABCD-EFGH-JKMN,counterfeit,Seized at the fair'}
          </pre>
          <dl className="admin-facts">
            {BLOCK_REASON_CODES.map((code) => (
              <Fragment key={code}>
                <dt className="admin-mono">{code}</dt>
                <dd>{BLOCK_REASONS[code]}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
      {result && (
        <section className="admin-panel" aria-labelledby="blocks-rows">
          <h2 id="blocks-rows">{result.applied ? 'Blocked' : '2. Confirm'}</h2>
          <div className="admin-table-scroll">
            <AdminTable
              rows={result.rows}
              rowKey={(row) => row.serial}
              columns={[
                { header: 'Line', cell: (row) => row.line },
                {
                  header: 'Serial',
                  cell: (row) => (
                    <Link to={`/admin/serials/${row.serial}`} className="admin-mono">
                      {row.display}
                    </Link>
                  ),
                },
                { header: 'Reason', cell: (row) => BLOCK_REASONS[row.reason] },
                { header: 'Note', cell: (row) => row.note || '—' },
                {
                  header: result.applied ? 'Was' : 'Now',
                  cell: (row) => <StatusBadge status={row.was} />,
                },
              ]}
            />
          </div>
          {result.applied ? (
            <p>
              <Link to="/admin/serials?status=blocked">See the blocked serial numbers</Link>
            </p>
          ) : (
            <button type="button" className="button button-danger" disabled={busy} onClick={apply}>
              {busy ? 'Blocking…' : REGISTRY_SIGNAL_MESSAGES.blockButton(result.rows.length)}
            </button>
          )}
        </section>
      )}
    </>
  );
}
