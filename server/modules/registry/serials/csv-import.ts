import { parse } from 'csv-parse/sync';

/** A CSV refused as a whole, with every problem (most name their line). */
export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

interface CsvRow {
  line: number;
  record: Record<string, string>;
}

/**
 * The rows of a CSV whose header names (at least) one of each group of `columns` — case and spaces
 * ignored, other columns ignored, so the batch CSV itself can be handed back. Problems name their line.
 */
export function csvRows(csv: string, columns: string[][]): CsvRow[] {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
      // Spreadsheets often save CSV with a byte-order mark before the header.
      bom: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportError([`line ${line ?? '?'}: ${(error as Error).message}`]);
  }
  const first = records[0];
  if (!first) throw new ImportError(['The file has no rows.']);
  for (const group of columns) {
    if (!group.some((name) => name in first.record)) {
      throw new ImportError([`line 1: the header must name the column "${group.join('" or "')}".`]);
    }
  }
  return records.map(({ record, info }) => ({ line: info.lines, record }));
}

/** Problems sorted by their line number ("line 12: …"), so a long report reads top to bottom. */
export function byLine(problems: string[]): string[] {
  const lineOf = (problem: string) => Number(/^line (\d+)/.exec(problem)?.[1] ?? 0);
  return [...problems].sort((a, b) => lineOf(a) - lineOf(b));
}
