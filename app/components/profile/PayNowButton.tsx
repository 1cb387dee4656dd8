import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order } from '../../../server/modules/orders/responses';
import { api } from '../../lib/api';
import { useWrite } from '../../lib/use-write';

/** How often, and how long, the page asks whether Stripe's webhook has recorded the payment. */
const POLL_MS = 3000;
const POLL_FOR_MS = 2 * 60 * 1000;

/**
 * "Pay now" on an order that owes money when the shop takes cards: Stripe's hosted page takes the card. Back
 * from it (`?paid={number}`), the order says its payment is being confirmed until Stripe's webhook has
 * recorded it: the return itself proves nothing.
 */
export function PayNowButton({ order, onChange }: { order: Order; onChange(order: Order): void }) {
  const [params] = useSearchParams();
  const returned = params.get('paid') === order.number;
  const waiting = returned && order.card_payments;
  const [late, setLate] = useState(false);
  const { busy, run } = useWrite();

  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) {
        setLate(true);
        clearInterval(timer);
        return;
      }
      api(`/orders/${order.id}/`)
        .then((fresh) => {
          if (!fresh.card_payments) onChange(fresh);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, order.id, onChange]);

  async function pay() {
    await run(() => api(`/orders/${order.id}/pay/`, { method: 'POST' }), {
      failed: 'The payment page could not be opened.',
      onDone: (answer) => window.location.assign(answer.url),
    });
  }

  if (returned) {
    return (
      <p className="order-history-pay-status" role="status">
        {!waiting
          ? 'Thank you: your payment has been received.'
          : late
            ? 'Thank you: your payment is being confirmed. It is taking longer than usual; it will show here once Stripe confirms it.'
            : 'Thank you: your payment is being confirmed.'}
      </p>
    );
  }
  if (!order.card_payments) return null;
  return (
    <p className="order-history-pay">
      <button type="button" className="button button-small" onClick={pay} disabled={busy}>
        {busy ? 'Opening the payment page...' : 'Pay now by card'}
      </button>
    </p>
  );
}
