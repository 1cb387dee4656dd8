import { type FormEvent, useState } from 'react';
import { COUNTRY_CODES, COUNTRY_NAMES } from '../../../common/countries';
import type { CountryRate, ShippingZone } from '../../../server/modules/billing/responses';
import { AdminTable } from '../../components/admin/AdminTable';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { loadShipping } from '../../lib/admin.server';
import { api } from '../../lib/api';
import { formatDollars } from '../../lib/format';
import { useWrite } from '../../lib/use-write';
import type { Route } from './+types/shipping';
import { adminMeta } from './admin-meta';

export const meta: Route.MetaFunction = () => adminMeta('Shipping and tax');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShipping(request, context);
}

export default function AdminShipping({ loaderData }: Route.ComponentProps) {
  const { zones, countries } = loaderData;
  return (
    <>
      <h1>Shipping and tax</h1>
      <p className="muted">
        Each order pays its zone’s flat shipping rate and its country’s tax on the cards and the shipping
        together. A country not listed ships at the default zone’s rate with no tax. Placed orders keep the
        figures they were placed with.
      </p>
      <Zones zones={zones} />
      <Countries zones={zones} countries={countries} />
    </>
  );
}

function Zones({ zones }: { zones: ShippingZone[] }) {
  const { busy, run } = useWrite();
  const [editing, setEditing] = useState<ShippingZone | null>(null);
  const [deleting, setDeleting] = useState<ShippingZone | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { name: String(data.get('name') ?? ''), rate: String(data.get('rate') ?? '') };
    const { ok } = editing
      ? await run(() => api(`/admin/shipping/zones/${editing.id}/`, { method: 'PATCH', body }), {
          done: `Zone “${body.name}” saved.`,
          failed: 'The zone could not be saved.',
          refresh: true,
        })
      : await run(() => api('/admin/shipping/zones/', { method: 'POST', body }), {
          done: `Zone “${body.name}” added.`,
          failed: 'The zone could not be added.',
          refresh: true,
        });
    if (ok) {
      form.reset();
      setEditing(null);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="zones-title">
      <h2 id="zones-title">Shipping zones</h2>
      <div className="admin-table-scroll">
        <AdminTable
          rows={zones}
          rowKey={(zone) => zone.id}
          columns={[
            {
              header: 'Zone',
              cell: (zone) => (
                <>
                  {zone.name} {zone.is_default && <span className="admin-badge">Default</span>}
                </>
              ),
            },
            { header: 'Rate per order', cell: (zone) => formatDollars(zone.rate) },
            {
              header: 'Countries',
              cell: (zone) =>
                zone.is_default ? `${zone.countries} + every country not listed` : zone.countries,
            },
            {
              header: 'Actions',
              cell: (zone) => (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button button-small button-outline"
                    onClick={() => setEditing(zone)}
                    aria-label={`Edit ${zone.name}`}
                  >
                    Edit
                  </button>
                  {!zone.is_default && (
                    <>
                      <button
                        type="button"
                        className="button button-small button-outline"
                        disabled={busy}
                        onClick={() =>
                          run(
                            () =>
                              api(`/admin/shipping/zones/${zone.id}/`, {
                                method: 'PATCH',
                                body: { default: true },
                              }),
                            {
                              done: `“${zone.name}” is now the default zone.`,
                              failed: 'The default could not be changed.',
                              refresh: true,
                            },
                          )
                        }
                        aria-label={`Make ${zone.name} the default`}
                      >
                        Make default
                      </button>
                      <button
                        type="button"
                        className="button button-small button-outline button-danger-outline"
                        disabled={busy}
                        onClick={() => setDeleting(zone)}
                        aria-label={`Delete ${zone.name}`}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </div>
              ),
            },
          ]}
        />
      </div>
      <form
        key={editing?.id ?? 'new'}
        className="form admin-form admin-shipping-form"
        onSubmit={save}
        aria-labelledby="zone-form-title"
      >
        <h3 id="zone-form-title">{editing ? `Edit “${editing.name}”` : 'Add a zone'}</h3>
        <div className="field">
          <label htmlFor="zone-name">Name</label>
          <input id="zone-name" name="name" required maxLength={60} defaultValue={editing?.name ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="zone-rate">Rate per order ($)</label>
          <input
            id="zone-rate"
            name="rate"
            required
            inputMode="decimal"
            pattern="\d{1,5}(\.\d{1,2})?"
            defaultValue={editing?.rate ?? ''}
            placeholder="9.90"
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {editing ? 'Save zone' : 'Add zone'}
          </button>
          {editing && (
            <button type="button" className="button button-outline" onClick={() => setEditing(null)}>
              Cancel
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the zone “${deleting?.name ?? ''}”?`}
        message="Only a zone no country ships in can be deleted."
        confirmLabel="Delete zone"
        busy={busy}
        onConfirm={async () => {
          if (!deleting) return;
          await run(() => api(`/admin/shipping/zones/${deleting.id}/`, { method: 'DELETE' }), {
            done: `Zone “${deleting.name}” deleted.`,
            failed: 'The zone could not be deleted.',
            refresh: true,
          });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function Countries({ zones, countries }: { zones: ShippingZone[]; countries: CountryRate[] }) {
  const { busy, run } = useWrite();
  const [editing, setEditing] = useState<CountryRate | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const code = String(data.get('country') ?? '');
    const body = {
      zone: String(data.get('zone') ?? ''),
      tax_rate: String(data.get('tax_rate') ?? '').trim(),
    };
    const name = COUNTRY_NAMES[code as keyof typeof COUNTRY_NAMES] ?? code;
    const { ok } = await run(
      () => api(`/admin/shipping/countries/${encodeURIComponent(code)}/`, { method: 'PUT', body }),
      { done: `${name} saved.`, failed: 'The country could not be saved.', refresh: true },
    );
    if (ok) {
      form.reset();
      setEditing(null);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="countries-title">
      <h2 id="countries-title">Countries and tax</h2>
      {countries.length === 0 ? (
        <p className="admin-empty">No country is listed: every order ships at the default zone’s rate.</p>
      ) : (
        <div className="admin-table-scroll">
          <AdminTable
            rows={countries}
            rowKey={(row) => row.country}
            columns={[
              {
                header: 'Country',
                cell: (row) => (
                  <>
                    {row.name} <span className="muted admin-mono">{row.country}</span>
                  </>
                ),
              },
              { header: 'Zone', cell: (row) => row.zone },
              { header: 'Tax', cell: (row) => `${row.tax_rate} %` },
              {
                header: 'Actions',
                cell: (row) => (
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="button button-small button-outline"
                      onClick={() => setEditing(row)}
                      aria-label={`Edit ${row.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button-small button-outline button-danger-outline"
                      disabled={busy}
                      onClick={() =>
                        run(() => api(`/admin/shipping/countries/${row.country}/`, { method: 'DELETE' }), {
                          done: `${row.name} removed: it ships at the default rate with no tax.`,
                          failed: 'The country could not be removed.',
                          refresh: true,
                        })
                      }
                      aria-label={`Remove ${row.name}`}
                    >
                      Remove
                    </button>
                  </div>
                ),
              },
            ]}
          />
        </div>
      )}
      <form
        key={editing?.country ?? 'new'}
        className="form admin-form admin-shipping-form"
        onSubmit={save}
        aria-labelledby="country-form-title"
      >
        <h3 id="country-form-title">{editing ? `Edit ${editing.name}` : 'Add or change a country'}</h3>
        <div className="field">
          <label htmlFor="rate-country">Country</label>
          <select id="rate-country" name="country" required defaultValue={editing?.country ?? ''}>
            <option value="" disabled>
              Choose a country
            </option>
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rate-zone">Shipping zone</label>
          <select id="rate-zone" name="zone" required defaultValue={editing?.zone_id ?? ''}>
            <option value="" disabled>
              Choose a zone
            </option>
            {zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name} ({formatDollars(zone.rate)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rate-tax">Tax rate (%)</label>
          <input
            id="rate-tax"
            name="tax_rate"
            required
            inputMode="decimal"
            pattern="\d{1,3}(\.\d{1,2})?"
            defaultValue={editing?.tax_rate ?? ''}
            placeholder="20"
            aria-describedby="rate-tax-hint"
          />
          <p id="rate-tax-hint" className="field-hint">
            From 0 to 100, at most two decimals (e.g. 7.5).
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            Save country
          </button>
          {editing && (
            <button type="button" className="button button-outline" onClick={() => setEditing(null)}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
