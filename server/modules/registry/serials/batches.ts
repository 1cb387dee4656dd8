import { eq, inArray } from 'drizzle-orm';
import { MAX_SERIAL_BATCH } from '../../../../common/limits.ts';
import { SERIAL_ADMIN_MESSAGES } from '../../../../common/messages/verification.ts';
import type { Db } from '../../../db/client.ts';
import { cards, serials } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { byLine, csvRows, ImportError } from './csv-import.ts';
import { compactCode, generateSerial, hasValidCheck, serialShape } from './serial-code.ts';

export interface BatchRow {
  serial: string;
  sku: string;
  /** Set for secure (NTAG 424 DNA) cards: the master-key version their chip keys come from. */
  sunKeyVersion: number | null;
}

/** The CSV a batch is handed out as: one serial per line, with its SKU and the URL for the card's chip. */
export function batchCsv(rows: BatchRow[], publicUrl: string): string {
  const lines = rows.map((row) => `${row.serial},${row.sku},${publicUrl}/c/${row.serial}`);
  return `serial,sku,tap_url\n${lines.join('\n')}\n`;
}

/**
 * Makes `count` new serials for the card with this SKU (random, so a collision only means another draw);
 * with a key version, for secure chips whose keys are diversified from that master key.
 */
export async function generateBatch(
  db: Db,
  sku: string,
  count: number,
  sunKeyVersion: number | null = null,
): Promise<BatchRow[]> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SERIAL_BATCH) {
    throw new AppError('bad_request', SERIAL_ADMIN_MESSAGES.batchCount);
  }
  const [card] = await db.select({ id: cards.id, sku: cards.sku }).from(cards).where(eq(cards.sku, sku));
  if (!card) throw new AppError('bad_request', `No card has the SKU ${sku}.`);
  const made: BatchRow[] = [];
  while (made.length < count) {
    const wanted = Array.from({ length: count - made.length }, generateSerial);
    const inserted = await db
      .insert(serials)
      .values(wanted.map((serial) => ({ serial, cardId: card.id, sunKeyVersion })))
      .onConflictDoNothing()
      .returning({ serial: serials.serial });
    made.push(...inserted.map((row) => ({ serial: row.serial, sku: card.sku, sunKeyVersion })));
  }
  return made;
}

/**
 * Imports serials from CSV text with a header naming `serial` and `sku` (other columns are ignored).
 * Every row is checked first; one bad row and nothing of the file is imported, and every problem is
 * reported with its line number.
 */
export async function importBatch(db: Db, csv: string): Promise<number> {
  const problems: string[] = [];
  const rows: Array<{ line: number; serial: string; sku: string }> = [];
  const seen = new Map<string, number>();
  for (const { line, record } of csvRows(csv, [['serial'], ['sku']])) {
    const serial = serialShape(compactCode(record.serial ?? ''));
    const sku = (record.sku ?? '').trim();
    if (!serial || !hasValidCheck(serial)) {
      problems.push(
        `line ${line}: "${record.serial}" is not a valid serial number (12 characters with a valid check character).`,
      );
      continue;
    }
    if (!sku) problems.push(`line ${line}: the SKU is missing.`);
    const earlier = seen.get(serial);
    if (earlier !== undefined) problems.push(`line ${line}: ${serial} repeats line ${earlier}.`);
    seen.set(serial, line);
    rows.push({ line, serial, sku });
  }

  const skus = [...new Set(rows.map((row) => row.sku).filter(Boolean))];
  const known = skus.length
    ? await db.select({ id: cards.id, sku: cards.sku }).from(cards).where(inArray(cards.sku, skus))
    : [];
  const cardOf = new Map(known.map((card) => [card.sku, card.id]));
  for (const row of rows) {
    if (row.sku && !cardOf.has(row.sku)) problems.push(`line ${row.line}: no card has the SKU ${row.sku}.`);
  }
  const existing = rows.length
    ? await db
        .select({ serial: serials.serial })
        .from(serials)
        .where(
          inArray(
            serials.serial,
            rows.map((row) => row.serial),
          ),
        )
    : [];
  const taken = new Set(existing.map((row) => row.serial));
  for (const row of rows) {
    if (taken.has(row.serial)) problems.push(`line ${row.line}: ${row.serial} is already registered.`);
  }
  if (problems.length > 0) {
    throw new ImportError(byLine(problems));
  }

  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(serials)
        .values(
          rows
            .slice(i, i + 1000)
            .map((row) => ({ serial: row.serial, cardId: cardOf.get(row.sku) as number })),
        );
    }
  });
  return rows.length;
}
