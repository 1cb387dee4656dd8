import { createHash } from 'node:crypto';
import type { StatementLine } from './lines.ts';

/**
 * Each line's key, unique across every statement: the bank's own reference for the booking with the account
 * it is on; without one, a digest of what the line says and how many identical lines came before it in the
 * file, so the same file (or an overlapping one) gives the same keys and two equal transfers on one day stay two.
 */
export function dedupeKeys(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankReference) return `ref:${line.account ?? ''}:${line.bankReference}`;
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
}
