// An order's money as the API answers it: one shape for the buyer's orders, the admin's and the mails.
import { centsToPrice } from '../../../common/money.ts';
import { paymentSentence, paymentWords } from '../../../common/payment-state.ts';
import { rfPrinted, rfReference } from '../../../common/rf-reference.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { moneyOf } from './ledger.ts';
import type { OrderPayment } from './responses.ts';

export function paymentOf(order: OrderRow, now: Date = new Date()): OrderPayment {
  const money = moneyOf(order, now);
  const dueAt = order.dueAt?.toISOString() ?? null;
  return {
    state: money.state,
    words: paymentWords(money),
    sentence: paymentSentence(money, dueAt),
    charged: centsToPrice(money.charged_cents),
    paid: centsToPrice(order.paidCents),
    refunded: centsToPrice(order.refundedCents),
    owed: centsToPrice(Math.max(0, money.owed_cents)),
    owed_back: centsToPrice(Math.max(0, -money.owed_cents)),
    due_at: dueAt,
    overdue_days: money.overdue_days,
    rf_reference: rfPrinted(rfReference(order.number)),
  };
}
