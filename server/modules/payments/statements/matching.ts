// Which order a statement line pays: the order its RF reference stands for, or the order number written in
// the free text, whatever the case and spacing ("nx 7k3m 9q2p").
import { eq } from 'drizzle-orm';
import { findRfReference, isRfReference, orderNumberOf } from '../../../../common/rf-reference.ts';
import { company } from '../../../../content/company.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { type OrderRow, orders } from '../../../db/schema/index.ts';
import { moneyOf } from '../ledger.ts';

/** The shop's currency (`content/company.ts`); a line in another currency is the admin's to judge. */
export const SHOP_CURRENCY: string = company.currency;

const HAND_TYPED = /\bNX[\s-]?([0-9A-Z]{4})[\s-]?([0-9A-Z]{4})\b/;

/** The order number a line quotes, by its structured reference first, then an RF reference in the text; null when it quotes none. */
export function quotedOrderNumber(reference: string | null, remittance: string | null): string | null {
  // Joined with the free text, a structured reference would run into the next word.
  const structured = reference && isRfReference(reference) ? orderNumberOf(reference) : null;
  if (structured) return structured;
  const text = [reference, remittance].filter(Boolean).join(' ').toUpperCase();
  const rf = findRfReference(text, (candidate) => orderNumberOf(candidate) !== null);
  const fromRf = rf ? orderNumberOf(rf) : null;
  if (fromRf) return fromRf;
  const typed = HAND_TYPED.exec(text);
  return typed ? `NX-${typed[1]}-${typed[2]}` : null;
}

type Match =
  | { kind: 'full' | 'partial'; order: OrderRow }
  | { kind: 'none'; reason: 'no_reference' | 'unknown_order' | 'cancelled' | 'currency' | 'amount' };

/**
 * Whether a line pays its order by itself: the amount owed, or part of it (a partial payment, kept exactly).
 * More than is owed, an order already paid or cancelled, or another currency is left for the admin, who may
 * know why. The order stays locked to the caller's transaction, so what is owed cannot change before the
 * payment is recorded.
 */
export async function matchLine(
  tx: Db | Tx,
  line: { amountCents: number; currency: string; reference: string | null; remittance: string | null },
): Promise<Match> {
  const number = quotedOrderNumber(line.reference, line.remittance);
  if (!number) return { kind: 'none', reason: 'no_reference' };
  const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
  if (!order) return { kind: 'none', reason: 'unknown_order' };
  if (order.status === 'cancelled') return { kind: 'none', reason: 'cancelled' };
  if (line.currency !== SHOP_CURRENCY) return { kind: 'none', reason: 'currency' };
  const owed = moneyOf(order).owed_cents;
  if (line.amountCents > owed) return { kind: 'none', reason: 'amount' };
  return { kind: line.amountCents === owed ? 'full' : 'partial', order };
}
