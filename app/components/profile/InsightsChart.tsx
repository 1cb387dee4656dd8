import { useId } from 'react';
import type { InsightDay } from '../../../server/modules/insights/responses';
import { formatDate } from '../../lib/format';

const HEIGHT = 40;
const number = (value: number) => value.toLocaleString('en-US');
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Nov 23": the period's days need no year (the axis and the summary give it). */
const dayOf = (day: string) => shortDay.format(new Date(day));

/** What the chart shows, in words: the screen reader's version of the picture, and the table's totals. */
function chartSummary(daily: InsightDay[]): string {
  const views = daily.reduce((sum, day) => sum + day.views, 0);
  const saves = daily.reduce((sum, day) => sum + day.saves, 0);
  const first = daily[0]?.day;
  const last = daily.at(-1)?.day;
  const busiest = daily.reduce<InsightDay | undefined>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    undefined,
  );
  const peak = busiest ? `, most on ${dayOf(busiest.day)} (${number(busiest.views)})` : '';
  return `Views per day from ${formatDate(first)} to ${formatDate(last)}: ${number(views)} views${peak}; ${number(saves)} contact saves.`;
}

/**
 * Views per day as bars and contact saves as a line, drawn as SVG on the server (no chart library: a few
 * rectangles and a polyline need none). The picture has a summary for screen readers, and the same
 * numbers open as a table under "Show as table".
 */
export function InsightsChart({ daily }: { daily: InsightDay[] }) {
  const id = useId();
  const max = Math.max(1, ...daily.map((day) => Math.max(day.views, day.saves)));
  const slot = 100 / Math.max(1, daily.length);
  const y = (value: number) => HEIGHT - (value / max) * (HEIGHT - 2);
  const savesLine = daily.map((day, index) => `${index * slot + slot / 2},${y(day.saves)}`).join(' ');
  const total = (key: 'views' | 'visitors' | 'saves') =>
    number(daily.reduce((sum, day) => sum + day[key], 0));
  return (
    <figure className="insights-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="insights-chart-head">
        <span className="chart-title">Views per day</span>
        <span className="insights-legend" aria-hidden="true">
          <span className="insights-legend-views">Views</span>{' '}
          <span className="insights-legend-saves">Contact saves</span>
        </span>
      </figcaption>
      <svg
        className="insights-bars"
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={chartSummary(daily)}
      >
        {daily.map((day, index) => {
          const height = HEIGHT - y(day.views);
          return (
            <rect
              key={day.day}
              className="insights-bar-views"
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
            />
          );
        })}
        <polyline className="insights-line-saves" points={savesLine} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="insights-chart-axis" aria-hidden="true">
        <span>{formatDate(daily[0]?.day)}</span>
        <span>{formatDate(daily.at(-1)?.day)}</span>
      </div>
      <details className="insights-table">
        <summary>Show as table</summary>
        <table>
          <caption>Views, visitors and contact saves per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
              <th scope="col">Contact saves</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{dayOf(day.day)}</th>
                <td>{number(day.views)}</td>
                <td>{number(day.visitors)}</td>
                <td>{number(day.saves)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{total('views')}</td>
              <td>{total('visitors')}</td>
              <td>{total('saves')}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </figure>
  );
}
