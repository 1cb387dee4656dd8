import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { serials } from '../../../db/schema/index.ts';
import { byLine, csvRows, ImportError } from '../serials/csv-import.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';

interface BindResult {
  bound: number;
  /** Rows naming the UID the serial already has. */
  unchanged: number;
  /** Serials given a replacement chip (`replace`): their counter starts again. */
  replaced: number;
  /** Rows without a UID (a batch CSV's cards not encoded yet). */
  skipped: number;
}

/** A chip UID as a reader shows it (`04:A1…`, `04 a1 …`) in the registry's form: 14 upper-case hex. */
function uidShape(text: string): string | undefined {
  const uid = text.replace(/[\s:-]/g, '').toUpperCase();
  return /^[0-9A-F]{14}$/.test(uid) ? uid : undefined;
}

/**
 * Binds each encoded chip's UID to its serial, from a CSV with the columns serial and uid (or chip_uid,
 * so the batch CSV with its UIDs filled in will do). Every row is checked first; with one bad row nothing
 * is bound. A serial already bound to another UID keeps it unless `replace` (a re-encoded replacement chip,
 * whose read counter starts again from zero).
 */
export async function bindChipUids(db: Db, csv: string, options: { replace: boolean }): Promise<BindResult> {
  const problems: string[] = [];
  const rows: Array<{ line: number; serial: string; uid: string }> = [];
  const serialLine = new Map<string, number>();
  const uidLine = new Map<string, number>();
  let skipped = 0;
  for (const { line, record } of csvRows(csv, [['serial'], ['uid', 'chip_uid']])) {
    const rawUid = record.uid ?? record.chip_uid ?? '';
    const serial = serialShape(compactCode(record.serial ?? ''));
    if (!serial || !hasValidCheck(serial)) {
      problems.push(`line ${line}: "${record.serial}" is not a valid serial number.`);
      continue;
    }
    if (rawUid === '') {
      skipped += 1;
      continue;
    }
    const uid = uidShape(rawUid);
    if (!uid) {
      problems.push(`line ${line}: "${rawUid}" is not a chip UID (7 bytes: 14 hexadecimal characters).`);
      continue;
    }
    const earlierSerial = serialLine.get(serial);
    const earlierUid = uidLine.get(uid);
    if (earlierSerial !== undefined) problems.push(`line ${line}: ${serial} repeats line ${earlierSerial}.`);
    else if (earlierUid !== undefined) problems.push(`line ${line}: UID ${uid} repeats line ${earlierUid}.`);
    serialLine.set(serial, line);
    uidLine.set(uid, line);
    rows.push({ line, serial, uid });
  }

  const registered = rows.length
    ? await db
        .select({ serial: serials.serial, chipUid: serials.chipUid, sunKeyVersion: serials.sunKeyVersion })
        .from(serials)
        .where(
          inArray(
            serials.serial,
            rows.map((row) => row.serial),
          ),
        )
    : [];
  const bySerial = new Map(registered.map((row) => [row.serial, row]));
  const uidOwners = rows.length
    ? await db
        .select({ serial: serials.serial, chipUid: serials.chipUid })
        .from(serials)
        .where(
          inArray(
            serials.chipUid,
            rows.map((row) => row.uid),
          ),
        )
    : [];
  const ownerOf = new Map(uidOwners.map((row) => [row.chipUid, row.serial]));
  const changes: Array<{ serial: string; uid: string; replacing: boolean }> = [];
  let unchanged = 0;
  for (const row of rows) {
    const card = bySerial.get(row.serial);
    const owner = ownerOf.get(row.uid);
    if (!card) problems.push(`line ${row.line}: ${row.serial} is not registered.`);
    else if (card.sunKeyVersion === null)
      problems.push(`line ${row.line}: ${row.serial} has no secure chip.`);
    else if (owner !== undefined && owner !== row.serial) {
      problems.push(`line ${row.line}: UID ${row.uid} is already bound to ${owner}.`);
    } else if (card.chipUid === row.uid) unchanged += 1;
    else if (card.chipUid !== null && !options.replace) {
      problems.push(
        `line ${row.line}: ${row.serial} is already bound to UID ${card.chipUid} (use --replace for a replacement chip).`,
      );
    } else changes.push({ serial: row.serial, uid: row.uid, replacing: card.chipUid !== null });
  }
  if (problems.length > 0) throw new ImportError(byLine(problems));

  await db.transaction(async (tx) => {
    for (const change of changes) {
      await tx
        .update(serials)
        // A new chip counts its reads from zero: the old chip's highest counter would refuse every tap.
        .set(change.replacing ? { chipUid: change.uid, sunCounter: null } : { chipUid: change.uid })
        .where(eq(serials.serial, change.serial));
    }
  });
  const replaced = changes.filter((change) => change.replacing).length;
  return { bound: changes.length - replaced, unchanged, replaced, skipped };
}
