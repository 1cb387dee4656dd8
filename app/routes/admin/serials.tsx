import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { BLOCK_REASONS } from '../../../common/block-reasons';
import { MAX_SERIAL_BATCH, MAX_SERIAL_CSV_BYTES } from '../../../common/limits';
import { SERIAL_ADMIN_MESSAGES } from '../../../common/messages/verification';
import type { AdminSerialRow } from '../../../server/modules/registry/responses';
import { AdminTable } from '../../components/admin/AdminTable';
import { AdminTablePage } from '../../components/admin/AdminTablePage';
import { CsvProblems } from '../../components/admin/CsvProblems';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/FilterForm';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { loadSerials } from '../../lib/admin.server';
import { api, download, fieldErrors, serverDetail } from '../../lib/api';
import { downloadFile } from '../../lib/contact-card';
import { formatDateTime } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/serials';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Registry');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSerials(request, context);
}

const FILTERS: Array<[string, string]> = [
  ['active', 'Active'],
  ['blocked', 'Blocked'],
  ['suspicious', 'Suspicious (over the limit)'],
  ['claimed', 'Claimed'],
  ['flagged', 'Flagged (open signals)'],
];

export default function AdminSerials({ loaderData }: Route.ComponentProps) {
  const page = loaderData.serials;
  return (
    <>
      <h1>Registry</h1>
      <div className="admin-columns">
        <BatchForm skus={loaderData.skus} sunKeyVersion={loaderData.sunKeyVersion} />
        <ImportForm />
      </div>
      <h2>Serial numbers</h2>
      <p>
        <Link to="/admin/serials/block">Block serial numbers from a CSV</Link>
      </p>
      <AdminTablePage
        count={page.count}
        page={page.page}
        pageCount={page.pageCount}
        empty="No serial number matches these filters."
        filters={
          <FilterForm label="Search serial numbers">
            <FilterInput label="Serial (or its beginning) or SKU" name="search" placeholder="ABCD-EFGH-…" />
            <FilterSelect label="Show" name="status" options={FILTERS} />
          </FilterForm>
        }
      >
        <AdminTable
          rows={page.results}
          rowKey={(serial) => serial.serial}
          columns={[
            {
              header: 'Serial',
              cell: (serial) => (
                <Link to={`/admin/serials/${serial.serial}`} className="admin-mono">
                  {serial.display}
                </Link>
              ),
            },
            {
              header: 'Card',
              cell: (serial) => (
                <>
                  {serial.card_name}
                  <br />
                  <span className="muted admin-nowrap">{serial.sku}</span>
                </>
              ),
            },
            {
              header: 'Verified',
              cell: (serial) => (
                <>
                  {serial.verification_count} {serial.suspicious && <StatusBadge status="suspicious" />}
                </>
              ),
            },
            { header: 'Chip', cell: (serial) => <ChipState chip={serial.secure_chip} /> },
            { header: 'Last verified', cell: (serial) => formatDateTime(serial.last_verified_at) },
            { header: 'Claimed by', cell: (serial) => serial.claimed_by?.email ?? '—' },
            {
              header: 'Status',
              cell: (serial) => (
                <>
                  <StatusBadge status={serial.status} />
                  {serial.block_reason && (
                    <>
                      <br />
                      <span className="muted">{BLOCK_REASONS[serial.block_reason]}</span>
                    </>
                  )}
                </>
              ),
            },
          ]}
        />
      </AdminTablePage>
    </>
  );
}

/** A card's chip: plain (a fixed link), or secure with its UID once bound after encoding. */
function ChipState({ chip }: { chip: AdminSerialRow['secure_chip'] }) {
  if (!chip) return <span className="muted">Plain</span>;
  return (
    <>
      Secure · key v{chip.key_version}
      {chip.rekeying_to !== null && ` → v${chip.rekeying_to}`}
      <br />
      {chip.uid ? (
        <span className="admin-mono">{chip.uid}</span>
      ) : (
        <span className="muted">UID not bound</span>
      )}
    </>
  );
}

/**
 * Registers a batch of new serials for a SKU and downloads them as CSV for the card printer; for secure
 * chips, with each card's settings for the encoding station (the keys only ever come from the server's
 * command line).
 */
function BatchForm({
  skus,
  sunKeyVersion,
}: {
  skus: Array<{ sku: string; name: string }>;
  sunKeyVersion: number | null;
}) {
  const { busy, run } = useWrite();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sku = String(form.get('sku') ?? '');
    const secure = form.get('secure') === 'yes';
    setErrors({});
    await run(
      () =>
        download('/admin/serials/batch/', {
          method: 'POST',
          body: { sku, count: Number(form.get('count')), secure },
        }),
      {
        done: ({ text }) =>
          `${text.trim().split('\n').length - 1} ${secure ? 'secure ' : ''}serial numbers registered for ${sku}; the CSV is downloading.`,
        failed: 'The batch could not be made.',
        onDone: ({ text, filename }) =>
          downloadFile(filename ?? 'serials.csv', text, 'text/csv;charset=utf-8'),
        onFailed: (error) => setErrors(fieldErrors(error)),
        refresh: true,
      },
    );
  }

  return (
    <form className="admin-panel form" onSubmit={generate} aria-labelledby="batch-title" noValidate>
      <h2 id="batch-title">Generate a batch</h2>
      <div className="field">
        <label htmlFor="batch-sku">Card (SKU)</label>
        <select id="batch-sku" name="sku">
          {skus.map((card) => (
            <option key={card.sku} value={card.sku}>
              {card.name} · {card.sku}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="batch-count">How many (1 to {MAX_SERIAL_BATCH.toLocaleString('en-US')})</label>
        <input
          id="batch-count"
          name="count"
          type="number"
          min={1}
          max={MAX_SERIAL_BATCH}
          defaultValue={100}
          required
          aria-invalid={!!errors.count?.length}
          aria-describedby={errors.count?.length ? 'batch-count-error' : undefined}
        />
        {!!errors.count?.length && (
          <p id="batch-count-error" className="field-error" role="alert">
            {errors.count.join(' ')}
          </p>
        )}
      </div>
      <div className="check-field">
        <input
          id="batch-secure"
          name="secure"
          type="checkbox"
          value="yes"
          disabled={sunKeyVersion === null}
          aria-describedby="batch-secure-hint"
        />
        <label htmlFor="batch-secure">{SERIAL_ADMIN_MESSAGES.secureChip}</label>
        <p id="batch-secure-hint" className="field-hint">
          {sunKeyVersion === null ? (
            SERIAL_ADMIN_MESSAGES.secureChipUnavailable
          ) : (
            <>
              {SERIAL_ADMIN_MESSAGES.secureChipHint}{' '}
              <code>{SERIAL_ADMIN_MESSAGES.secureChipKeysCommand}</code>. Key version {sunKeyVersion}.
            </>
          )}
        </p>
        {!!errors.secure?.length && (
          <p id="batch-secure-error" className="field-error" role="alert">
            {errors.secure.join(' ')}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Generating…' : 'Generate and download CSV'}
      </button>
    </form>
  );
}

/** Registers the serials of a CSV (columns serial and sku): all rows or, with any bad row, none. */
function ImportForm() {
  const { busy, run } = useWrite();
  const [problems, setProblems] = useState<string[]>([]);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('csv') as HTMLInputElement).files?.[0];
    if (!file) {
      setProblems([SERIAL_ADMIN_MESSAGES.chooseCsv]);
      return;
    }
    if (file.size > MAX_SERIAL_CSV_BYTES) {
      setProblems(['The file is too large: import at most 10,000 rows at a time.']);
      return;
    }
    setProblems([]);
    await run(
      async () => api('/admin/serials/import/', { method: 'POST', body: { csv: await file.text() } }),
      {
        done: (body) => body.detail,
        failed: (error) => serverDetail(error) ?? 'The file could not be imported.',
        onDone: () => form.reset(),
        onFailed: (error) => setProblems(fieldErrors(error).csv ?? []),
        refresh: true,
      },
    );
  }

  return (
    <form className="admin-panel form" onSubmit={upload} aria-labelledby="import-title" noValidate>
      <h2 id="import-title">Import a CSV</h2>
      <div className="field">
        <label htmlFor="import-csv">CSV file with the columns serial and sku</label>
        <input id="import-csv" name="csv" type="file" accept=".csv,text/csv" required />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      <CsvProblems heading="Nothing was imported:" problems={problems} />
    </form>
  );
}
