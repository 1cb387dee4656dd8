import { createHash } from 'node:crypto';
import { StatementError, type StatementLine } from './lines.ts';

/**
 * Each line's key, unique across every statement, in one shape for both formats: what the booking says (the
 * account when the file names it, the booking date, amount and currency) with the bank's own reference for it.
 * Banks reuse references across days and some CSV exports repeat them within a file, so the reference alone is
 * never the key. Without a reference, a digest of what the line says and how many identical lines came before
 * it in the file, so the same file (or an overlapping one) gives the same keys and two equal transfers on one
 * day stay two.
 */
export function dedupeKeys(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  const keys = lines.map((line) => {
    if (line.bankReference)
      return `ref:${line.account ?? ''}:${line.bookedOn}:${line.amountCents}:${line.currency}:${line.bankReference}`;
    const fields = [
      line.account,
      line.bookedOn,
      line.amountCents,
      line.currency,
      line.reference,
      line.remittance,
      line.counterparty,
    ];
    const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
    const position = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, position);
    return `sum:${digest.slice(0, 40)}:${position}`;
  });
  const first = new Map<string, number>();
  for (const [index, key] of keys.entries()) {
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      continue;
    }
    const a = lines[earlier] as StatementLine;
    const b = lines[index] as StatementLine;
    throw new StatementError(
      `${a.where} and ${b.where.toLowerCase()} carry the same bank reference "${b.bankReference?.slice(0, 40)}" for the same date and amount; the bank should not give two bookings one reference. Export the statement again or ask the bank.`,
    );
  }
  return keys;
}

/** What a stored line says beyond its key: a key seen before with other words is not the same booking. */
export function sameContent(
  stored: { counterparty: string | null; remittance: string | null },
  line: StatementLine,
): boolean {
  return stored.counterparty === storedCounterparty(line) && stored.remittance === storedRemittance(line);
}

export const storedCounterparty = (line: StatementLine) => line.counterparty?.slice(0, 200) ?? null;
export const storedRemittance = (line: StatementLine) =>
  [line.reference, line.remittance].filter(Boolean).join(' ').slice(0, 500) || null;
