import { Link } from 'react-router';
import { company } from '../../content/company';
import { OrderChargeTerms } from '../components/OrderCharges';
import { PageHeader } from '../components/page-header/PageHeader';
import { formatDollars } from '../lib/format';
import { loadOrderSuccess } from '../lib/orders.server';
import type { Route } from './+types/order-success';

export const meta: Route.MetaFunction = () => [{ title: `Order Success | ${company.name}` }];

/** Signed-in only: a visitor without a session is sent to /login and brought back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrderSuccess(request, context);
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <>
      <PageHeader title="Order Success" />
      <section className="container section">
        <div className="success-card">
          <h2>Thank you for your order!</h2>
          <p>Your order has been placed successfully.</p>
          {order && (
            <dl className="order-facts">
              <dt>Order number</dt>
              <dd data-testid="order-number">{order.number}</dd>
              <OrderChargeTerms order={order} />
              <dt>Total</dt>
              <dd>{formatDollars(order.total)}</dd>
              <dt>Cards</dt>
              <dd data-testid="card-count">{order.card_count}</dd>
            </dl>
          )}
          <p className="muted">
            A confirmation is on its way to your e-mail. We will confirm the order and invoice you.
          </p>
          <div className="form-actions">
            <Link className="button" to="/profile#orders">
              See my orders
            </Link>
            <Link className="button button-outline" to="/cards">
              Continue shopping
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
