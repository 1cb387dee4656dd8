import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '../../../common/order-status';
import type { Order, OrderPage } from '../../../server/modules/orders/responses';
import { api } from '../../lib/api';
import { formatDollars } from '../../lib/format';
import { toastFailure } from '../../lib/toast-failure';
import { OrderCharges } from '../OrderCharges';
import { orderLineKey, PrintedCards } from '../printed-cards/PrintedCards';
import { OrderPayment } from './OrderPayment';
import { PayNowButton } from './PayNowButton';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const DOCUMENT_LABELS: Record<Order['invoices'][number]['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** "My orders" on the profile: newest first, ten at a time. */
export function OrderHistory({ first }: { first: OrderPage }) {
  const [orders, setOrders] = useState<Order[]>(first.results);
  const [page, setPage] = useState(first.page);
  const [loading, setLoading] = useState(false);
  const more = page < first.pageCount;
  const replace = useCallback(
    (fresh: Order) => setOrders((shown) => shown.map((order) => (order.id === fresh.id ? fresh : order))),
    [],
  );

  async function loadMore() {
    setLoading(true);
    try {
      const next = await api(`/orders/?page=${page + 1}`);
      setOrders([...orders, ...next.results]);
      setPage(page + 1);
    } catch (error) {
      toastFailure('Orders could not be loaded. Please try again.', error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="order-history" id="orders" aria-labelledby="orders-heading">
      <h2 id="orders-heading">My orders</h2>
      {orders.length === 0 ? (
        <p className="muted">
          No orders yet. <Link to="/cards">Browse smart cards</Link>
        </p>
      ) : (
        <ul className="order-history-list">
          {orders.map((order) => (
            <li
              key={order.id}
              id={`order-${order.number}`}
              className="order-history-item"
              aria-label={`Order ${order.number}`}
            >
              <div className="order-history-head">
                <strong>{order.number}</strong>
                <span className="muted">{dateFormat.format(new Date(order.created_at))}</span>
                <span className={`status-badge status-${order.status}`}>
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
                <strong className="order-history-total">{formatDollars(order.total)}</strong>
              </div>
              {order.status === 'awaiting_proof' && (
                <p className="order-proof">
                  We print once you approve the proof of your cards.{' '}
                  <a className="button button-small" href={`/profile/orders/${order.id}/proof`}>
                    Review proof
                  </a>
                </p>
              )}
              <ul className="order-history-lines">
                {order.items.map((line) => (
                  <li key={orderLineKey(line)}>
                    {line.quantity} × {line.name} <span className="muted">({line.design})</span> —{' '}
                    {formatDollars(line.line_total)}
                    <PrintedCards line={line} memberLinksOf={order.id} />
                  </li>
                ))}
              </ul>
              <OrderCharges order={order} />
              <OrderPayment order={order} />
              <PayNowButton order={order} onChange={replace} />
              {order.invoices.length > 0 && (
                <p className="order-history-documents">
                  {order.invoices.map((document) => (
                    <a key={document.number} href={document.url} download>
                      {DOCUMENT_LABELS[document.kind]} {document.number} (PDF)
                    </a>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button
          type="button"
          className="button button-outline button-small"
          onClick={loadMore}
          disabled={loading}
        >
          {loading ? 'Loading...' : 'Show more orders'}
        </button>
      )}
    </section>
  );
}
