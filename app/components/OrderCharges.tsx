import { Fragment } from 'react';
import { type ChargedOrder, orderChargeLines } from '../../common/order-charges';
import { formatDollars } from '../lib/format';

/** An order's subtotal, shipping and tax as <dt>/<dd> pairs of a list, when it charged shipping or tax. */
export function OrderChargeTerms({ order }: { order: ChargedOrder }) {
  return orderChargeLines(order).map((line) => (
    <Fragment key={line.label}>
      <dt>{line.label}</dt>
      <dd>{formatDollars(line.amount)}</dd>
    </Fragment>
  ));
}

/** The same as a list of its own under an order's lines; nothing when neither was charged. */
export function OrderCharges({ order }: { order: ChargedOrder }) {
  if (orderChargeLines(order).length === 0) return null;
  return (
    <dl className="order-facts order-charges">
      <OrderChargeTerms order={order} />
    </dl>
  );
}
