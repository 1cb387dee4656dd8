import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { BLOCK_REASON_CODES, type BlockReason } from '../../../../common/block-reasons.ts';
import {
  MAX_BLOCK_NOTE,
  MAX_BLOCK_ROWS,
  REGISTRY_SIGNAL_MESSAGES,
} from '../../../../common/messages/registry-signals.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { type SerialStatus, serials } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../staff/audit.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';
import { blockInTransaction } from './block.ts';
import type { BulkBlock } from './schemas.ts';

interface BlockRow {
  line: number;
  serial: string;
  reason: BlockReason;
  note: string;
  id: number;
  was: SerialStatus;
}

const isReason = (value: string): value is BlockReason => (BLOCK_REASON_CODES as string[]).includes(value);

function refused(problems: string[]): AppError {
  return new AppError('bad_request', REGISTRY_SIGNAL_MESSAGES.nothingBlocked, { csv: problems });
}

/**
 * Reads a bulk-block CSV (`serial,reason[,note]` under a header) and checks every row before anything is
 * done: a valid serial that is registered, a known reason code, a short note, no serial twice. Any problem
 * and the whole file is refused, every problem reported with its line number.
 */
async function checkedRows(db: Db, csv: string): Promise<BlockRow[]> {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  let columns: string[] = [];
  try {
    records = parse(csv, {
      columns: (header: string[]) => {
        columns = header.map((name) => name.trim().toLowerCase());
        return columns;
      },
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count_less: true,
      // Spreadsheets often save CSV with a byte-order mark before the header.
      bom: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refused([`line ${line ?? '?'}: ${(error as Error).message}`]);
  }
  if (!columns.includes('serial') || !columns.includes('reason')) {
    throw refused([
      'line 1: the header must name the columns "serial" and "reason" (and optionally "note").',
    ]);
  }
  if (records.length === 0) throw refused(['The file has no rows.']);
  if (records.length > MAX_BLOCK_ROWS) {
    throw refused([`The file has ${records.length} rows; block at most ${MAX_BLOCK_ROWS} at once.`]);
  }
  const problems: Array<{ line: number; text: string }> = [];
  const rows: Array<Omit<BlockRow, 'id' | 'was'>> = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const serial = serialShape(compactCode(record.serial ?? ''));
    const reason = (record.reason ?? '').trim().toLowerCase();
    const note = (record.note ?? '').trim();
    if (!serial || !hasValidCheck(serial)) {
      problems.push({
        line,
        text: `"${record.serial ?? ''}" is not a valid serial number (12 characters with a valid check character).`,
      });
      continue;
    }
    if (!isReason(reason)) {
      problems.push({
        line,
        text: `"${record.reason ?? ''}" is not a reason code (${BLOCK_REASON_CODES.join(', ')}).`,
      });
    }
    if (note.length > MAX_BLOCK_NOTE) {
      problems.push({ line, text: `the note is longer than ${MAX_BLOCK_NOTE} characters.` });
    }
    const earlier = seen.get(serial);
    if (earlier !== undefined) problems.push({ line, text: `${serial} repeats line ${earlier}.` });
    else seen.set(serial, line);
    if (isReason(reason)) rows.push({ line, serial, reason, note });
  }
  const found = seen.size
    ? await db
        .select({ id: serials.id, serial: serials.serial, status: serials.status })
        .from(serials)
        .where(inArray(serials.serial, [...seen.keys()]))
    : [];
  const known = new Map(found.map((row) => [row.serial, row]));
  for (const [serial, line] of seen) {
    if (!known.has(serial)) problems.push({ line, text: `${serial} is not a registered serial number.` });
  }
  if (problems.length > 0) {
    throw refused(problems.sort((a, b) => a.line - b.line).map((p) => `line ${p.line}: ${p.text}`));
  }
  return rows.map((row) => {
    const serial = known.get(row.serial);
    if (!serial) throw new Error('checked above');
    return { ...row, id: serial.id, was: serial.status };
  });
}

/**
 * Blocks the serials of a CSV, each for its reason: checked first (nothing is blocked if any row is wrong),
 * then, when `apply`, all in one transaction with one audit entry per serial. Without `apply` it answers
 * what would be blocked, for the admin to confirm.
 */
export async function bulkBlock(db: Db, actor: Actor, csv: string, apply: boolean): Promise<BulkBlock> {
  const rows = await checkedRows(db, csv);
  const shown = rows.map(({ line, serial, reason, note, was }) => ({
    line,
    serial,
    display: formatSerial(serial),
    reason,
    note,
    was,
  }));
  if (!apply) {
    return { applied: false, rows: shown, detail: `${rows.length} serial numbers ready to block.` };
  }
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await blockInTransaction(tx, actor, row, row.reason, {
        csv_line: row.line,
        ...(row.note ? { note: row.note } : {}),
      });
    }
  });
  return { applied: true, rows: shown, detail: REGISTRY_SIGNAL_MESSAGES.blocked(rows.length) };
}
