import { useId } from 'react';
import type { DayFigure } from '../../../server/modules/admin/responses';

/**
 * A figure per day as inline SVG bars (no chart library: a few rectangles need none), with the total
 * beside it. Screen readers get the same numbers as a table.
 */
export function BarChart({
  title,
  figures,
  format = (value) => String(value),
}: {
  title: string;
  figures: DayFigure[];
  format?: (value: number) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...figures.map((figure) => figure.value));
  const total = figures.reduce((sum, figure) => sum + figure.value, 0);
  const today = figures.at(-1)?.value ?? 0;
  const width = 100 / Math.max(1, figures.length);
  return (
    <figure className="admin-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="admin-chart-head">
        <span className="admin-chart-title">{title}</span>
        <span className="admin-chart-total">
          <strong>{format(total)}</strong> in {figures.length} days · today {format(today)}
        </span>
      </figcaption>
      <svg
        className="admin-chart-bars"
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {figures.map((figure, index) => {
          const height = (figure.value / max) * 38;
          return (
            <rect
              key={figure.day}
              x={index * width + width * 0.15}
              y={40 - height}
              width={width * 0.7}
              height={height}
            >
              <title>{`${figure.day}: ${format(figure.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="admin-chart-axis" aria-hidden="true">
        <span>{figures[0]?.day}</span>
        <span>{figures.at(-1)?.day}</span>
      </div>
      {/* Hidden by a wrapper: a table itself grows to its rows whatever its size says, and took room below the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title} per day</caption>
          <tbody>
            {figures.map((figure) => (
              <tr key={figure.day}>
                <th scope="row">{figure.day}</th>
                <td>{format(figure.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
