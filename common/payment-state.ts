// What an order's money comes to, from its sums: what is owed, whether it is paid, overdue or owed back.
// One rule for the buyer's pages, the firm's console, the mails and the server's queue.

/** @public */
export interface OrderMoneySums {
  total_cents: number;
  /** What credit notes took back of the invoice. */
  credited_cents: number;
  paid_cents: number;
  refunded_cents: number;
  /** ISO time the invoice is due; null until the order is invoiced. */
  due_at: string | null;
  /** A cancelled order charges nothing, invoiced (its credit note took it back) or not. */
  cancelled?: boolean;
}

export const PAYMENT_STATES = [
  'no_charge',
  'unpaid',
  'partially_paid',
  'paid',
  'overpaid',
  'refunded',
] as const;
/** @public */
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** @public Each state's label, for the pages of the card payments and bank statements. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  no_charge: 'Nothing to pay',
  unpaid: 'Unpaid',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
  refunded: 'Refunded',
};

/** @public */
export interface OrderMoney {
  /** What the buyer is charged: the total less what credit notes took back. */
  charged_cents: number;
  /** What came in less what went back. */
  net_paid_cents: number;
  /** Still to pay; below zero, what the firm owes back. */
  owed_cents: number;
  state: PaymentState;
  /** Whole days past the due date while something is owed; 0 when not overdue. */
  overdue_days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function orderMoney(sums: OrderMoneySums, now: Date = new Date()): OrderMoney {
  const charged = sums.cancelled ? 0 : sums.total_cents - sums.credited_cents;
  const net = sums.paid_cents - sums.refunded_cents;
  const owed = charged - net;
  const state: PaymentState =
    owed > 0
      ? net > 0
        ? 'partially_paid'
        : 'unpaid'
      : owed < 0
        ? 'overpaid'
        : charged > 0
          ? 'paid'
          : sums.paid_cents > 0
            ? 'refunded'
            : 'no_charge';
  const past = sums.due_at ? now.getTime() - new Date(sums.due_at).getTime() : 0;
  const overdue = owed > 0 && past > 0 ? Math.max(1, Math.floor(past / DAY_MS)) : 0;
  return { charged_cents: charged, net_paid_cents: net, owed_cents: owed, state, overdue_days: overdue };
}

/** "Overdue 3 days", "Partly paid", "Paid": the state in words, overdue said first. */
export function paymentWords(money: OrderMoney): string {
  if (money.overdue_days > 0)
    return `Overdue ${money.overdue_days} ${money.overdue_days === 1 ? 'day' : 'days'}`;
  return PAYMENT_STATE_LABELS[money.state];
}

const DUE_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "$20.00" from whole cents (never negative: an amount owed back is said as such). */
export function dollars(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `$${whole.toLocaleString('en-US')}.${rest}`;
}

/**
 * The state in a sentence, for the buyer and the firm: "Unpaid, due Dec 12, 2026", "Partly paid: $20.00 of
 * $50.00", "Overdue 3 days: $50.00 to pay", "Paid", "Overpaid by $1.00: we will refund it".
 */
export function paymentSentence(money: OrderMoney, dueAt: string | null): string {
  const owed = dollars(money.owed_cents);
  if (money.overdue_days > 0) return `${paymentWords(money)}: ${owed} to pay`;
  switch (money.state) {
    case 'unpaid':
      return dueAt
        ? `Unpaid, due ${DUE_DATE.format(new Date(dueAt))}`
        : `Unpaid: ${owed}, due once we confirm the order`;
    case 'partially_paid':
      return `Partly paid: ${dollars(money.net_paid_cents)} of ${dollars(money.charged_cents)}${dueAt ? `, the rest due ${DUE_DATE.format(new Date(dueAt))}` : ''}`;
    case 'overpaid':
      return `Overpaid by ${dollars(-money.owed_cents)}: we will refund it`;
    default:
      return PAYMENT_STATE_LABELS[money.state];
  }
}
