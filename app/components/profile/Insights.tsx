import { useId, useRef, useState } from 'react';
import { INSIGHT_PERIODS, type InsightPeriod } from '../../../common/insights';
import {
  DELETED_LINK,
  INSIGHTS_EMPTY,
  INSIGHTS_EXPLAINED,
  INSIGHTS_OFF,
  INSIGHTS_OFF_CONSEQUENCE,
} from '../../../common/messages/insights';
import { describeVisit } from '../../../common/visit-source';
import type { Insights as InsightFigures, InsightSource } from '../../../server/modules/insights/responses';
import { api } from '../../lib/api';
import type { User } from '../../lib/auth';
import { toastFailure } from '../../lib/toast-failure';
import { useWrite } from '../../lib/use-write';
import { ConfirmDialog } from '../modal/ConfirmDialog';
import { Switch } from './CardSettings';
import { InsightsChart } from './InsightsChart';

const number = (value: number) => value.toLocaleString('en-US');
const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')}%`);

function sourceLabel(source: InsightSource): string {
  const label = describeVisit({ source: source.source, card: source.card?.serial ?? null });
  return source.card?.name ? `${label} (${source.card.name})` : label;
}

/** A list of labelled counts, each with a bar as long as its share of the largest. */
function Breakdown({
  rows,
  unit,
}: {
  rows: Array<{ key: string; label: string; hint?: string; value: number }>;
  unit: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="insights-breakdown">
      {rows.map((row) => (
        <li key={row.key}>
          <span className="insights-breakdown-label">
            {row.label}
            {row.hint && <span className="insights-breakdown-hint">{row.hint}</span>}
          </span>
          <span className="insights-breakdown-value">
            {number(row.value)} <span className="visually-hidden">{unit}</span>
          </span>
          <span className="insights-breakdown-bar" aria-hidden="true">
            <span style={{ width: `${(row.value / max) * 100}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Overview({ figures }: { figures: InsightFigures }) {
  const { totals } = figures;
  const big: Array<[string, number, string?]> = [
    ['Views', totals.views],
    ['Visitors', totals.visitors, 'counted per day'],
    ['Contact saves', totals.saves],
    ['Link clicks', totals.clicks],
    ['Exchanges', totals.exchanges],
  ];
  return (
    <>
      <dl className="insights-totals">
        {big.map(([label, value, note]) => (
          <div key={label}>
            <dt>
              {label}
              {note && <span className="insights-note">{note}</span>}
            </dt>
            <dd>{number(value)}</dd>
          </div>
        ))}
      </dl>
      <InsightsChart daily={figures.daily} />
      <div className="insights-columns">
        <section aria-labelledby="insights-sources">
          <h3 id="insights-sources">Views by source</h3>
          {figures.sources.length ? (
            <Breakdown
              unit="views"
              rows={figures.sources.map((source) => ({
                key: `${source.source}-${source.card?.serial ?? ''}`,
                label: sourceLabel(source),
                value: source.views,
              }))}
            />
          ) : (
            <p className="muted">No views in this period.</p>
          )}
        </section>
        <section aria-labelledby="insights-links">
          <h3 id="insights-links">Top links</h3>
          {figures.top_links.length ? (
            <Breakdown
              unit="clicks"
              rows={figures.top_links.map((link) => ({
                key: String(link.link_id),
                label: link.title ?? DELETED_LINK,
                hint: link.url ?? undefined,
                value: link.clicks,
              }))}
            />
          ) : (
            <p className="muted">No link clicks in this period.</p>
          )}
        </section>
        <section aria-labelledby="insights-conversion">
          <h3 id="insights-conversion">Conversion</h3>
          <dl className="insights-conversion">
            <div>
              <dt>Contact saves per view</dt>
              <dd>{percent(figures.conversion.saves_per_view)}</dd>
            </div>
            <div>
              <dt>Exchanges per view</dt>
              <dd>{percent(figures.conversion.exchanges_per_view)}</dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}

/**
 * "Insights": what the owner's card did in the last 7, 30 or 90 days, and the switch that turns counting
 * off (deleting what was counted, after a confirmation that says so) or back on.
 */
export function Insights({
  user,
  initial,
  onSaved,
}: {
  user: User;
  initial: InsightFigures;
  onSaved(user: User): void;
}) {
  const [figures, setFigures] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useWrite();
  const [status, setStatus] = useState('');
  const latest = useRef(0);
  const headingId = useId();
  const enabled = user.insights_enabled;
  const nothing =
    figures.totals.views + figures.totals.saves + figures.totals.clicks + figures.totals.exchanges === 0;

  async function load(days: InsightPeriod) {
    const asked = ++latest.current;
    setLoading(true);
    try {
      const answer = await api(`/auth/insights/?days=${days}`);
      // Only the last period asked for is shown, whatever order the answers arrive in.
      if (asked === latest.current) {
        setFigures(answer);
        setStatus(`Showing the last ${days} days.`);
      }
    } catch (error) {
      toastFailure('Your insights could not be loaded.', error);
    } finally {
      if (asked === latest.current) setLoading(false);
    }
  }

  async function setEnabled(on: boolean) {
    const { ok } = await run(
      () => api('/auth/profile/card/', { method: 'PATCH', body: { insights_enabled: on } }),
      {
        failed: 'Your insights setting could not be saved.',
        onDone: (saved) => {
          onSaved(saved);
          setConfirming(false);
        },
        refresh: () => load(figures.days),
      },
    );
    if (ok) {
      setStatus(
        on
          ? 'Insights are on: visits to your card are counted from now.'
          : 'Insights are off: everything recorded about visits to your card was deleted.',
      );
    }
  }

  return (
    <section className="profile-panel insights" id="insights" aria-labelledby={headingId}>
      <div className="insights-head">
        <h2 id={headingId}>Insights</h2>
        {enabled && (
          <fieldset className="insights-period-switch">
            <legend className="visually-hidden">Period</legend>
            {INSIGHT_PERIODS.map((days) => (
              <button
                key={days}
                type="button"
                className="insights-period-option"
                aria-pressed={figures.days === days}
                onClick={() => load(days)}
                disabled={loading}
              >
                {days} days
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {enabled ? (
        <div aria-busy={loading}>
          <p className="field-hint">
            The last {figures.days} days, today included. Days are UTC; visitors are counted per day, so one
            person on two days counts twice.
          </p>
          {nothing ? <p className="insights-empty">{INSIGHTS_EMPTY}</p> : <Overview figures={figures} />}
        </div>
      ) : (
        <div className="insights-off">
          <p>
            <strong>{INSIGHTS_OFF}</strong>
          </p>
          <p>Nothing about visits to your card is recorded. Turn insights on to start counting from zero.</p>
        </div>
      )}
      <div className="insights-switch">
        <Switch
          label="Count visits to my card"
          hint={INSIGHTS_EXPLAINED}
          checked={enabled}
          onChange={(on) => (on ? setEnabled(true) : setConfirming(true))}
        />
      </div>
      <p className="profile-save-note" role="status">
        {status}
      </p>
      <ConfirmDialog
        open={confirming}
        title="Turn insights off?"
        message={INSIGHTS_OFF_CONSEQUENCE}
        confirmLabel="Turn off and delete"
        busy={busy}
        onConfirm={() => setEnabled(false)}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
