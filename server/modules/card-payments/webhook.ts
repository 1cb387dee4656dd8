// Stripe's signed events, the only way a card payment or a card refund reaches the ledger (the buyer's
// return from Checkout proves nothing). Each event is handled once: its id is kept in `payment_events` in the
// same transaction as what it wrote, and each payment or refund is one ledger entry whatever events tell of it.
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type LedgerActor, recordPayment, recordRefund, settleRefund } from '../payments/ledger.ts';
import { queueReceipt, type ReceiptDeps } from '../payments/receipt.ts';
import { SHOP_CURRENCY } from './stripe-client.ts';

/**
 * A webhook has no signed-in user: its audit entries name Stripe as the actor's e-mail, and the order's buyer
 * as the actor's account (the audit log's actor must be an account; decision 065).
 */
export const STRIPE_ACTOR_EMAIL = 'stripe (card payments)';

const stripeActor = (buyerId: number): LedgerActor => ({ id: buyerId, email: STRIPE_ACTOR_EMAIL });

type WebhookOutcome = 'recorded' | 'duplicate' | 'ignored';

/** Says in the log why an event was ignored. */
type EventLog = (why: string, objectId: string) => void;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function buyerOf(tx: Tx, orderId: number): Promise<number | undefined> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return order?.userId;
}

/** Stripe as the actor on an order the ledger already holds an entry of (so it exists). */
async function actorFor(tx: Tx, orderId: number): Promise<LedgerActor> {
  const buyerId = await buyerOf(tx, orderId);
  if (buyerId === undefined) throw new Error(`order ${orderId} went away under its payments`);
  return stripeActor(buyerId);
}

/**
 * A card payment into the ledger: the one place it happens, so what follows a payment (the receipt mail)
 * goes here.
 */
async function recordCardPayment(
  tx: Tx,
  input: { orderId: number; buyerId: number; amountCents: number; paymentIntent: string; at: Date },
  receipt: ReceiptDeps | undefined,
): Promise<void> {
  const result = await recordPayment(tx, stripeActor(input.buyerId), {
    orderId: input.orderId,
    method: 'card',
    amountCents: input.amountCents,
    sourceId: input.paymentIntent,
    receivedAt: input.at,
  });
  if (receipt) await queueReceipt(receipt, tx, result);
}

/** The largest id a PostgreSQL `integer` column holds: a larger one names no order (and must not reach a query). */
const MAX_ORDER_ID = 2 ** 31 - 1;

/**
 * The order a session is for: only one this shop opened, whose metadata names both the order's id and its
 * number. A session from elsewhere on the Stripe account (a Payment Link, another app) names neither, or not
 * both of one order: it is ignored, and logged.
 */
async function orderOfSession(
  tx: Tx,
  session: Stripe.Checkout.Session,
  log: EventLog,
): Promise<{ orderId: number; buyerId: number } | null> {
  const idText = session.metadata?.order_id ?? '';
  const number = session.metadata?.order_number ?? '';
  const orderId = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : 0;
  if (!number || orderId < 1 || orderId > MAX_ORDER_ID) {
    log('a Checkout Session not opened by this shop (no order in its metadata)', session.id);
    return null;
  }
  const [order] = await tx
    .select({ userId: orders.userId, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.number !== number) {
    log('a Checkout Session whose metadata names no order of this shop', session.id);
    return null;
  }
  return { orderId, buyerId: order.userId };
}

/** A paid Checkout Session: its PaymentIntent paid `amount_total` on the order its metadata names. */
async function sessionPaid(
  tx: Tx,
  session: Stripe.Checkout.Session,
  at: Date,
  log: EventLog,
  receipt: ReceiptDeps | undefined,
): Promise<boolean> {
  const paymentIntent = idOf(session.payment_intent);
  if (session.payment_status !== 'paid' || !paymentIntent) return false;
  if (session.currency !== SHOP_CURRENCY || !session.amount_total) return false;
  const order = await orderOfSession(tx, session, log);
  if (!order) return false;
  await recordCardPayment(tx, { ...order, amountCents: session.amount_total, paymentIntent, at }, receipt);
  return true;
}

/**
 * A refund's state. One asked for here is pending in the ledger and settled; one made in Stripe's dashboard is
 * recorded once it succeeded, on the order of the card payment it gives back. That payment not recorded yet
 * (its event is late): a 503, so Stripe sends this event again later, and nothing is kept of it meanwhile.
 */
async function refundChanged(tx: Tx, refund: Stripe.Refund): Promise<boolean> {
  // A refund cancelled before it went out ended as surely as a failed one: nothing was given back.
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : undefined;
  const [known] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'card'), eq(payments.sourceId, refund.id)));
  if (known) {
    if (!status || known.kind !== 'refund') return false;
    const actor = await actorFor(tx, known.orderId);
    return (await settleRefund(tx, actor, { method: 'card', sourceId: refund.id, status })) !== null;
  }
  if (status !== 'succeeded') return false;
  const paymentIntent = idOf(refund.payment_intent);
  if (!paymentIntent) return false;
  const [paid] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.method, 'card'), eq(payments.sourceId, paymentIntent), eq(payments.kind, 'payment')),
    );
  if (!paid) throw new AppError('unavailable', M.notYetKnown, undefined, 60);
  const result = await recordRefund(tx, await actorFor(tx, paid.orderId), {
    orderId: paid.orderId,
    method: 'card',
    amountCents: refund.amount,
    sourceId: refund.id,
    status: 'succeeded',
    receivedAt: new Date(refund.created * 1000),
    note: 'Refunded in Stripe’s dashboard.',
    madeByProvider: true,
  });
  return result.entry !== null;
}

async function handle(
  tx: Tx,
  event: Stripe.Event,
  log: EventLog,
  receipt: ReceiptDeps | undefined,
): Promise<boolean> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(tx, event.data.object, at, log, receipt);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return refundChanged(tx, event.data.object);
    case 'charge.refunded': {
      // Older API versions list the charge's refunds on it; newer ones send refund.* events for each.
      let changed = false;
      for (const refund of event.data.object.refunds?.data ?? []) {
        changed = (await refundChanged(tx, refund)) || changed;
      }
      return changed;
    }
    default:
      return false;
  }
}

/**
 * Handles a verified event once: an event already handled changes nothing. Two deliveries at once queue on
 * the event's key; the second finds it taken after the first commits.
 */
export async function handleStripeEvent(
  db: Db,
  event: Stripe.Event,
  log: EventLog = () => {},
  /** Where the buyer's receipt is queued; none in tests of the ledger alone. */
  receipt?: ReceiptDeps,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    return (await handle(tx, event, log, receipt)) ? 'recorded' : 'ignored';
  });
}
