// Refunds to the card from the admin: asked of Stripe, recorded as Stripe answered, settled by the webhook.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments.ts';
import { centsToPrice } from '../../../common/money.ts';
import type { Db } from '../../db/client.ts';
import { type OrderRow, orders, type PaymentRow, paymentEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { entriesOf, LEDGER_MESSAGES, type LedgerActor, recordRefund } from '../payments/ledger.ts';
import { stripeUnavailable, type Warn } from './checkout.ts';
import type { CardPayments } from './stripe-client.ts';

interface CardRefund {
  id: string;
  amount_cents: number;
  status: string;
  payment_intent: string;
}

/**
 * What each card payment (its PaymentIntent) has left to give back, newest first. A refund entry does not
 * name its payment, so card refunds (asked or done) are counted against the newest payments first: the order
 * this module refunds in (decision 065).
 */
function refundableByIntent(entries: PaymentRow[]): { paymentIntent: string; cents: number }[] {
  const card = entries.filter((entry) => entry.method === 'card' && entry.status !== 'failed');
  let given = card
    .filter((entry) => entry.kind === 'refund')
    .reduce((sum, entry) => sum + entry.amountCents, 0);
  const left: { paymentIntent: string; cents: number }[] = [];
  for (const paid of card.filter((entry) => entry.kind === 'payment' && entry.sourceId).reverse()) {
    const taken = Math.min(given, paid.amountCents);
    given -= taken;
    if (paid.amountCents > taken)
      left.push({ paymentIntent: paid.sourceId ?? '', cents: paid.amountCents - taken });
  }
  return left;
}

const pendingRefunds = (entries: PaymentRow[]) =>
  entries
    .filter((entry) => entry.kind === 'refund' && entry.status === 'pending')
    .reduce((sum, entry) => sum + entry.amountCents, 0);

/** The most a refund to the card may be: paid by card and not given back, and within what the ledger allows. */
function mostRefundable(order: OrderRow, entries: PaymentRow[]): number {
  const byCard = refundableByIntent(entries).reduce((sum, part) => sum + part.cents, 0);
  return Math.max(0, Math.min(byCard, order.paidCents - order.refundedCents - pendingRefunds(entries)));
}

/** What the admin's refund form offers: the most that can go back to the card now, in cents. */
export async function cardRefundableCents(db: Db, orderId: number): Promise<number> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ? mostRefundable(order, await entriesOf(db, orderId)) : 0;
}

interface RefundDeps {
  db: Db;
  cardPayments: CardPayments;
  warn: Warn;
}

/** What one form submission made: the refunds Stripe made, and what was not refunded (with why) when a part failed. */
interface CardRefundAnswer {
  refunds: CardRefund[];
  unrefunded_cents: number;
  message: string | null;
}

const submissionId = (orderId: number, key: string) => `refund-request:${orderId}:${key}`;

/**
 * Gives `cents` back to the card, from the newest card payment first, split over several when one has less
 * left. Refused before Stripe is asked when it is more than was paid by card and not given back, or more than
 * the ledger allows. Each refund Stripe made is recorded at once with the status Stripe answered (succeeded:
 * applied; else pending until the webhook says), even if a later part fails: then the answer says what was
 * made and what was not, and the submission is spent.
 *
 * `requestKey` is the form submission's own key: Stripe's idempotency keys derive from it, and it is kept in
 * `payment_events` once a part was made, so the same submission sent again (a retry after a lost answer, a
 * double click) never gives money back twice; a new refund is a new submission (decision 065).
 */
export async function refundToCard(
  deps: RefundDeps,
  actor: LedgerActor,
  orderId: number,
  cents: number,
  reason: string,
  requestKey: string,
): Promise<CardRefundAnswer> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', LEDGER_MESSAGES.notFound);
  const guard = { provider: 'stripe', eventId: submissionId(orderId, requestKey), type: 'refund.requested' };
  const [fresh] = await db.insert(paymentEvents).values(guard).onConflictDoNothing().returning();
  if (!fresh) throw new AppError('conflict', M.refundAlreadySent, { amount: [M.refundAlreadySent] });
  const done: CardRefund[] = [];
  try {
    const entries = await entriesOf(db, orderId);
    const byIntent = refundableByIntent(entries);
    const most = mostRefundable(order, entries);
    if (cents > most) {
      const message = M.refundTooLarge(centsToPrice(most));
      throw new AppError('conflict', message, { amount: [message] });
    }
    let left = cents;
    for (const [index, part] of byIntent.entries()) {
      if (left === 0) break;
      const amount = Math.min(left, part.cents);
      let refund: Stripe.Refund;
      try {
        refund = await askStripe(deps, {
          paymentIntent: part.paymentIntent,
          amount,
          metadata: { order_id: String(order.id), order_number: order.number, reason: reason.slice(0, 500) },
          // One key per part of one submission: the library's own retry of a call is one refund at Stripe.
          idempotencyKey: `refund-${order.id}-${requestKey}-${index}-${part.paymentIntent}-${amount}`,
        });
      } catch (error) {
        if (done.length === 0 || !(error instanceof AppError)) throw error;
        return {
          refunds: done,
          unrefunded_cents: left,
          message: M.refundPartlyMade(centsToPrice(cents - left), centsToPrice(left), error.message),
        };
      }
      const succeeded = refund.status === 'succeeded';
      await db.transaction((tx) =>
        recordRefund(tx, actor, {
          orderId,
          method: 'card',
          amountCents: refund.amount,
          sourceId: refund.id,
          status: succeeded ? 'succeeded' : 'pending',
          recordedBy: actor.id,
          note: reason,
        }),
      );
      done.push({
        id: refund.id,
        amount_cents: refund.amount,
        status: refund.status ?? 'pending',
        payment_intent: part.paymentIntent,
      });
      left -= amount;
    }
    return { refunds: done, unrefunded_cents: 0, message: null };
  } finally {
    // Nothing made: the same submission may be sent again (Stripe was unreachable, the amount was refused).
    if (done.length === 0)
      await db
        .delete(paymentEvents)
        .where(and(eq(paymentEvents.provider, guard.provider), eq(paymentEvents.eventId, guard.eventId)));
  }
}

async function askStripe(
  deps: RefundDeps,
  input: {
    paymentIntent: string;
    amount: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  },
): Promise<Stripe.Refund> {
  try {
    return await deps.cardPayments.stripe.refunds.create(
      { payment_intent: input.paymentIntent, amount: input.amount, metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
  } catch (error) {
    // Stripe refused it (already refunded there, a disputed charge): its own words, and nothing was refunded.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      deps.warn(error);
      const message = M.refundRefused(error.message);
      throw new AppError('conflict', message, { amount: [message] });
    }
    throw stripeUnavailable(deps.warn, error);
  }
}
