// A statement file imported in one transaction: every new credit stored, those that pay their order by
// themselves recorded as payments, the rest left for the admin; lines already imported change nothing.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankLines, bankStatements } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, recordAudit } from '../../staff/audit.ts';
import type { ReceiptDeps } from '../receipt.ts';
import { dedupeKeys, sameContent, storedCounterparty, storedRemittance } from './dedupe.ts';
import { StatementError } from './lines.ts';
import { matchLine } from './matching.ts';
import { payLine } from './pay-line.ts';
import { readStatement } from './read.ts';

interface ImportResult {
  /** The statement recorded, or null when the file held nothing new. */
  statement_id: number | null;
  format: 'camt053' | 'csv';
  /** Credits in the file. */
  lines: number;
  /** Paid their order in full, or in part. */
  matched: number;
  partial: number;
  to_assign: number;
  already_imported: number;
  debits_skipped: number;
  not_booked_skipped: number;
  /** Lines left for the admin although they quote an order, each with why (a likely double, a reversal). */
  held: string[];
  detail: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function sentence(result: Omit<ImportResult, 'detail'>): string {
  const parts = [
    `${result.matched + result.partial} matched${result.partial > 0 ? ` (${result.partial} in part)` : ''}`,
    `${result.to_assign} to assign`,
    `${result.already_imported} already imported`,
  ];
  const skipped = [
    result.debits_skipped > 0 ? `${plural(result.debits_skipped, 'debit')} skipped` : '',
    result.not_booked_skipped > 0 ? `${result.not_booked_skipped} not yet booked skipped` : '',
  ].filter(Boolean);
  const held = result.held.length > 0 ? ` Left for you: ${result.held.join(' ')}` : '';
  return `${plural(result.lines, 'line')}: ${parts.join(', ')}${skipped.length > 0 ? `; ${skipped.join(', ')}` : ''}.${held}`;
}

/**
 * Imports queue one behind the other: two overlapping statements would otherwise each wait for a line the
 * other wrote while holding an order the other needs. A webhook takes only the order's lock, so it never waits
 * for this one.
 */
const IMPORT_LOCK = 7_035_001;

const NOTHING_IMPORTED = 'Nothing was imported.';

/** Imports a statement file; a file that cannot be read is refused (400) with where it is wrong. */
export async function importStatement(
  db: Db,
  actor: Actor,
  file: Buffer,
  name: string,
  /** Where each matched payment's receipt is queued (the buyer's mail); none in tests of the import alone. */
  receipt?: ReceiptDeps,
): Promise<ImportResult> {
  let parsed: ReturnType<typeof readStatement>;
  try {
    parsed = readStatement(file, name);
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    throw new AppError('bad_request', `${error.message} ${NOTHING_IMPORTED}`, { file: [error.message] });
  }
  let keys: string[];
  try {
    keys = dedupeKeys(parsed.credits);
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    throw new AppError('bad_request', `${error.message} ${NOTHING_IMPORTED}`, { file: [error.message] });
  }
  const counts = { matched: 0, partial: 0, to_assign: 0, already_imported: 0 };
  const held: string[] = [...parsed.notices];
  const statementId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const known = new Map<string, { counterparty: string | null; remittance: string | null }>();
    for (let at = 0; at < keys.length; at += 1000) {
      const rows = await tx
        .select({
          key: bankLines.dedupeKey,
          counterparty: bankLines.counterparty,
          remittance: bankLines.remittance,
        })
        .from(bankLines)
        .where(inArray(bankLines.dedupeKey, keys.slice(at, at + 1000)));
      for (const row of rows) known.set(row.key, row);
    }
    for (const [index, credit] of parsed.credits.entries()) {
      const stored = known.get(keys[index] as string);
      if (stored && !sameContent(stored, credit)) {
        const message = `${credit.where}: the bank reference "${credit.bankReference?.slice(0, 40)}" for this date and amount was imported before with another payer or text, so this is not the same booking; ask the bank before importing it.`;
        throw new AppError('bad_request', `${message} ${NOTHING_IMPORTED}`, { file: [message] });
      }
    }
    if (known.size === keys.length) {
      counts.already_imported = keys.length;
      return null;
    }
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        format: parsed.format,
        reference: parsed.reference.slice(0, 200),
        account: parsed.account,
        fileSha256: createHash('sha256').update(file).digest('hex'),
        lineCount: 0,
        importedBy: actor.id,
      })
      .returning();
    if (!statement) throw new Error('no statement row');
    for (const [index, credit] of parsed.credits.entries()) {
      const key = keys[index] as string;
      // Another import of the same lines may be running: the unique key decides, and it waits for it.
      const [line] = known.has(key)
        ? []
        : await tx
            .insert(bankLines)
            .values({
              statementId: statement.id,
              dedupeKey: key,
              bookedOn: credit.bookedOn,
              amountCents: credit.amountCents,
              currency: credit.currency,
              counterparty: storedCounterparty(credit),
              remittance: storedRemittance(credit),
              state: 'unmatched',
            })
            .onConflictDoNothing()
            .returning();
      if (!line) {
        counts.already_imported++;
        continue;
      }
      if (credit.hold) {
        counts.to_assign++;
        held.push(`${credit.where}: ${credit.hold}`);
        continue;
      }
      const match = await matchLine(tx, credit);
      if (match.kind === 'none') {
        counts.to_assign++;
        continue;
      }
      // The same booking may have come in another format (a day's CSV and its camt.053 give different keys).
      const [twin] = await tx
        .select({ id: bankLines.id })
        .from(bankLines)
        .where(
          and(
            eq(bankLines.orderId, match.order.id),
            eq(bankLines.bookedOn, credit.bookedOn),
            eq(bankLines.amountCents, credit.amountCents),
            eq(bankLines.currency, credit.currency),
            isNotNull(bankLines.paymentId),
          ),
        )
        .limit(1);
      if (twin) {
        counts.to_assign++;
        held.push(
          `${credit.where}: a line with the same date, amount and order ${match.order.number} is already recorded; if it is the same transfer, set this one aside.`,
        );
        continue;
      }
      await payLine(tx, actor, line, match.order.id, { state: 'matched' }, receipt);
      counts[match.kind === 'full' ? 'matched' : 'partial']++;
    }
    const stored = counts.matched + counts.partial + counts.to_assign;
    if (stored === 0) {
      await tx.delete(bankStatements).where(eq(bankStatements.id, statement.id));
      return null;
    }
    await tx.update(bankStatements).set({ lineCount: stored }).where(eq(bankStatements.id, statement.id));
    await recordAudit(tx, actor, {
      action: 'bank_statement.import',
      targetType: 'bank_statement',
      targetId: statement.id,
      after: { reference: statement.reference, lines: stored, ...counts },
    });
    return statement.id;
  });
  const result = {
    statement_id: statementId,
    format: parsed.format,
    lines: parsed.credits.length,
    ...counts,
    debits_skipped: parsed.debits,
    not_booked_skipped: parsed.notBooked,
    held,
  };
  return { ...result, detail: sentence(result) };
}
