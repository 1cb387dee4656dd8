import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { type BankLineRow, bankLines } from '../../../db/schema/index.ts';
import { type LedgerActor, recordPayment } from '../ledger.ts';
import { queueReceipt, type ReceiptDeps } from '../receipt.ts';

/**
 * A statement line recorded as a payment on an order, matched by itself or assigned by an admin: the one place
 * a line's money enters the ledger (its source is the line's dedupe key, so it is recorded once).
 */
export async function payLine(
  tx: Db | Tx,
  actor: LedgerActor,
  line: BankLineRow,
  orderId: number,
  decision: { state: 'matched' } | { state: 'assigned'; by: number },
  /** Where the buyer's receipt is queued; none in tests of the import alone. */
  receipt?: ReceiptDeps,
): Promise<BankLineRow> {
  const result = await recordPayment(tx, actor, {
    orderId,
    method: 'bank_transfer',
    sourceId: `bank:${line.dedupeKey}`,
    amountCents: line.amountCents,
    receivedAt: new Date(`${line.bookedOn}T00:00:00Z`),
    recordedBy: decision.state === 'assigned' ? decision.by : null,
    note: decision.state === 'assigned' ? 'Assigned from a bank statement' : 'Matched from a bank statement',
  });
  const { entry } = result;
  if (receipt) await queueReceipt(receipt, tx, result);
  const [updated] = await tx
    .update(bankLines)
    .set({
      state: decision.state,
      orderId,
      paymentId: entry?.id ?? null,
      decidedBy: decision.state === 'assigned' ? decision.by : null,
      decidedAt: decision.state === 'assigned' ? sql`now()` : null,
    })
    .where(eq(bankLines.id, line.id))
    .returning();
  if (!updated) throw new Error('the bank line went away in its own transaction');
  return updated;
}
