/** The value at `fraction` (0.5 = median, 0.99 = p99) of ascending `sorted` values, by nearest rank. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

/** A plain-text table: the first column left-aligned, the others right-aligned, a rule under the heading. */
export function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row, index) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .concat(index === 0 ? `\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : ''),
    )
    .join('\n');
}
