// "Pay now": a Stripe Checkout Session for what the buyer's order still owes. Stripe's hosted page takes the
// card (and does 3-D Secure); the payment is recorded only when Stripe's signed webhook says so.
import { and, desc, eq, like } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enforceLimit, type Limit } from '../../http/rate-limit.ts';
import { moneyOf } from '../payments/ledger.ts';
import { type CardPayments, SHOP_CURRENCY } from './stripe-client.ts';

/** Where Stripe sends the buyer back: their order on /profile, which waits for the webhook. */
const returnUrls = (publicUrl: string, number: string) => ({
  success_url: `${publicUrl}/profile?paid=${encodeURIComponent(number)}#order-${number}`,
  cancel_url: `${publicUrl}/profile#order-${number}`,
});

/**
 * A Stripe error the buyer or the admin cannot mend: Stripe unreachable, slow, refusing our key or busy. A 503
 * that asks to try again later; the error itself goes to the log.
 */
export function stripeUnavailable(warn: Warn, error: unknown): AppError {
  warn(error);
  return new AppError('unavailable', M.unreachable, undefined, 60);
}

/** Tells the log why a call to Stripe failed (the client hears only that Stripe cannot be reached). */
export type Warn = (error: unknown) => void;

interface CheckoutDeps {
  db: Db;
  cardPayments: CardPayments;
  publicUrl: string;
  limit: Limit;
  warn: Warn;
}

/**
 * How long a session stays open: Stripe's shortest (30 minutes, with a margin for clocks), so a page left open
 * in another tab cannot take a second payment a day later.
 */
const SESSION_MINUTES = 35;

/** The order's sessions are kept in `payment_events` (no sessions table): `checkout-session:<order>:<id>`. */
const SESSION_PREFIX = (orderId: number) => `checkout-session:${orderId}:`;

/** The order's most recently opened session, if one was. */
async function lastSessionOf(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, 'stripe'),
        eq(paymentEvents.type, 'checkout.session.opened'),
        like(paymentEvents.eventId, `${SESSION_PREFIX(orderId)}%`),
      ),
    )
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  return row ? row.eventId.slice(SESSION_PREFIX(orderId).length) : null;
}

/**
 * A Checkout Session for the buyer's own order; its hosted page's address. The order's open session is
 * reused while it is open for the same amount, and closed (expired at Stripe) when a new one replaces it, so
 * clicking "Pay now" again, or in two tabs, does not open a second way to pay the same debt (decision 065).
 */
export async function startCheckout(
  deps: CheckoutDeps,
  userId: number,
  orderId: number,
): Promise<{ url: string }> {
  const { db } = deps;
  const { stripe } = deps.cardPayments;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError('not_found', ORDER_MESSAGES.notFound);
  if (order.status === 'cancelled') throw new AppError('conflict', M.cancelled);
  const owed = moneyOf(order).owed_cents;
  if (owed <= 0) throw new AppError('conflict', M.nothingOwed);
  const previousId = await lastSessionOf(db, order.id);
  let previous: Stripe.Checkout.Session | null = null;
  if (previousId) {
    try {
      previous = await stripe.checkout.sessions.retrieve(previousId);
    } catch (error) {
      throw stripeUnavailable(deps.warn, error);
    }
    const reusable =
      previous.status === 'open' &&
      previous.expires_at > Date.now() / 1000 + 60 &&
      previous.amount_total === owed;
    if (reusable && previous.url) return { url: previous.url };
  }
  await enforceLimit(db, `card-checkout:${userId}`, deps.limit, M.tooMany);
  const metadata = { order_id: String(order.id), order_number: order.number };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: SHOP_CURRENCY,
            unit_amount: owed,
            product_data: { name: `Order ${order.number}` },
          },
        },
      ],
      client_reference_id: String(order.id),
      metadata,
      payment_intent_data: { metadata },
      expires_at: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
      ...returnUrls(deps.publicUrl, order.number),
    });
  } catch (error) {
    throw stripeUnavailable(deps.warn, error);
  }
  if (!session.url) throw stripeUnavailable(deps.warn, new Error('Stripe answered a session without a url'));
  await db
    .insert(paymentEvents)
    .values({
      provider: 'stripe',
      eventId: `${SESSION_PREFIX(order.id)}${session.id}`,
      type: 'checkout.session.opened',
    })
    .onConflictDoNothing();
  if (previous?.status === 'open') {
    try {
      await stripe.checkout.sessions.expire(previous.id);
    } catch (error) {
      // Paid or expired meanwhile, or Stripe unreachable: it closes by itself within SESSION_MINUTES anyway.
      deps.warn(error);
    }
  }
  return { url: session.url };
}
