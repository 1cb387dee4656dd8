import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cards, serials } from '../../../db/schema/index.ts';
import { byLine, csvRows, ImportError } from '../serials/csv-import.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';
import type { SunMasterKeys } from './master-keys.ts';
import type { KeyedSerial } from './provisioning-keys.ts';

/** Which secure cards a command means: the serials of a CSV (a batch CSV will do), or every one of a SKU. */
export type CardSelection = { csv: string } | { sku: string };

interface SecureCard {
  serial: string;
  sunKeyVersion: number;
  sunNextKeyVersion: number | null;
}

const secureColumns = {
  serial: serials.serial,
  sunKeyVersion: serials.sunKeyVersion,
  sunNextKeyVersion: serials.sunNextKeyVersion,
};

/** The selected cards, every one a registered secure card; otherwise nothing, and every problem by line. */
export async function secureCardsOf(db: Db, selection: CardSelection): Promise<SecureCard[]> {
  if ('sku' in selection) {
    const found = await db
      .select(secureColumns)
      .from(serials)
      .innerJoin(cards, eq(cards.id, serials.cardId))
      .where(and(eq(cards.sku, selection.sku), isNotNull(serials.sunKeyVersion)))
      .orderBy(serials.id);
    if (found.length === 0) throw new ImportError([`No secure card has the SKU ${selection.sku}.`]);
    return found.map((row) => ({ ...row, sunKeyVersion: row.sunKeyVersion as number }));
  }
  const problems: string[] = [];
  const wanted: Array<{ line: number; serial: string }> = [];
  const seen = new Set<string>();
  for (const { line, record } of csvRows(selection.csv, [['serial']])) {
    const serial = serialShape(compactCode(record.serial ?? ''));
    if (!serial || !hasValidCheck(serial)) {
      problems.push(`line ${line}: "${record.serial}" is not a valid serial number.`);
    } else if (!seen.has(serial)) {
      seen.add(serial);
      wanted.push({ line, serial });
    }
  }
  const found = wanted.length
    ? await db
        .select(secureColumns)
        .from(serials)
        .where(
          inArray(
            serials.serial,
            wanted.map((row) => row.serial),
          ),
        )
    : [];
  const bySerial = new Map(found.map((row) => [row.serial, row]));
  const selected: SecureCard[] = [];
  for (const { line, serial } of wanted) {
    const row = bySerial.get(serial);
    if (!row) problems.push(`line ${line}: ${serial} is not registered.`);
    else if (row.sunKeyVersion === null) problems.push(`line ${line}: ${serial} has no secure chip.`);
    else selected.push({ ...row, sunKeyVersion: row.sunKeyVersion });
  }
  if (problems.length > 0) throw new ImportError(byLine(problems));
  return selected;
}

/** The key file rows of cards as they are encoded now (their current key version). */
export function currentKeyRows(selected: SecureCard[]): KeyedSerial[] {
  return selected.map((card) => ({ serial: card.serial, keyVersion: card.sunKeyVersion }));
}

/**
 * The key file rows for re-keying the cards to the newest master key: old keys to authenticate, new keys
 * to write. A card already on it, or half-way to another version, cannot be re-keyed now.
 */
export function rekeyRows(master: SunMasterKeys, selected: SecureCard[]): KeyedSerial[] {
  const target = master.current;
  if (target === undefined) throw new ImportError(['No SUN master key is configured.']);
  const problems: string[] = [];
  for (const card of selected) {
    if (card.sunNextKeyVersion !== null && card.sunNextKeyVersion !== target) {
      problems.push(
        `${card.serial} is being re-keyed to version ${card.sunNextKeyVersion}: tap it once to finish that first.`,
      );
    } else if (card.sunKeyVersion === target) {
      problems.push(`${card.serial} already uses key version ${target}.`);
    }
  }
  if (problems.length > 0) throw new ImportError(problems);
  return selected.map((card) => ({
    serial: card.serial,
    keyVersion: target,
    oldKeyVersion: card.sunKeyVersion,
  }));
}

/**
 * Marks the cards as being re-keyed: their next key version is accepted from now on, and the first valid
 * tap under it makes it current (until then, taps under the old version still verify: the chip may not be
 * re-encoded yet).
 */
export async function startRekey(db: Db, rows: KeyedSerial[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .update(serials)
        .set({ sunNextKeyVersion: row.keyVersion })
        .where(eq(serials.serial, row.serial));
    }
  });
}
