// The buyer's receipt for a payment: queued in the transaction that recorded it, so it exists exactly when
// the payment does. Every writer of payments (an admin, Stripe's webhook, a statement import) calls it.

import { eq } from 'drizzle-orm';
import { centsToPrice } from '../../../common/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/index.ts';
import { paymentReceivedMail } from '../../mail/payment-mail.ts';
import type { EntryResult } from './ledger.ts';
import { paymentOf } from './payment-block.ts';

export interface ReceiptDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** Where the buyer's order is shown on their profile. */
export const orderUrl = (publicUrl: string, number: string) =>
  `${publicUrl}/profile#order-${encodeURIComponent(number)}`;

/** Mails the receipt of a payment just recorded; nothing when its source was already recorded. */
export async function queueReceipt(deps: ReceiptDeps, tx: Db | Tx, result: EntryResult): Promise<void> {
  const { entry, order } = result;
  if (entry?.kind !== 'payment') return;
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) return;
  await deps.mailer.sendLater(
    paymentReceivedMail(buyer.email, {
      firstName: buyer.firstName,
      number: order.number,
      payment: paymentOf(order),
      amount: centsToPrice(entry.amountCents),
      url: orderUrl(deps.publicUrl, order.number),
    }),
    tx,
  );
}
