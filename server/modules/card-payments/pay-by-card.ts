import { orderMoney } from '../../../common/payment-state.ts';
import type { OrderRow } from '../../db/schema/index.ts';

/**
 * Whether the buyer is offered "Pay now" by card on an order: card payments are configured, the order is not
 * cancelled and something is owed on it.
 */
export function payableByCard(order: OrderRow, cardPayments: boolean): boolean {
  if (!cardPayments || order.status === 'cancelled') return false;
  const money = orderMoney({
    total_cents: order.totalCents,
    credited_cents: order.creditedCents,
    paid_cents: order.paidCents,
    refunded_cents: order.refundedCents,
    due_at: null,
  });
  return money.owed_cents > 0;
}
