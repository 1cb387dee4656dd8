import { company } from '../../../content/company';
import type { Order } from '../../../server/modules/orders/responses';
import { formatDollars } from '../../lib/format';

const STATE_CLASS: Record<Order['payment']['state'], string> = {
  no_charge: 'order-history-payment-settled',
  paid: 'order-history-payment-settled',
  refunded: 'order-history-payment-settled',
  overpaid: 'order-history-payment-owed-back',
  unpaid: 'order-history-payment-owed',
  partially_paid: 'order-history-payment-owed',
};

/**
 * An order's payment in words, and while it owes money how to pay it by bank transfer (the card's "Pay now",
 * where the firm takes cards, is `PayNowButton` beside it: it also answers the return from Stripe).
 */
export function OrderPayment({ order }: { order: Order }) {
  const { payment } = order;
  // Nothing is asked before the firm confirms (and so invoices) an order.
  const asks = payment.owed !== '0.00' && payment.due_at !== null && order.status !== 'cancelled';
  const { bank, accountName, routingNumber, accountNumber } = company.payment;
  return (
    <div className={`order-history-payment ${STATE_CLASS[payment.state]}`}>
      <p className="order-history-payment-state">
        <strong>Payment:</strong> {payment.sentence}
      </p>
      {asks && (
        <div className="order-history-payment-how">
          <p>
            Pay {formatDollars(payment.owed)} by bank transfer to {accountName}, {bank} (routing{' '}
            {routingNumber}, account {accountNumber}), quoting the reference{' '}
            <strong className="order-history-payment-reference">{payment.rf_reference}</strong>.
          </p>
        </div>
      )}
    </div>
  );
}
