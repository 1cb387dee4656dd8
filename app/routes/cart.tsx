import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { CardImage } from '../components/cards/CardImage';
import { QuantityInput } from '../components/cart/QuantityInput';
import { PrintedDetails } from '../components/PrintedDetails';
import { PageHeader } from '../components/page-header/PageHeader';
import { clearCart, removeFromCart, updateQuantity, useCart } from '../lib/cart';
import { lineKey } from '../lib/cart-storage';
import { formatDollars } from '../lib/format';
import { publicPageHeaders } from '../lib/http-cache';
import { useHydrated } from '../lib/hydrated';
import { quotedLine, shownPrices, useQuote } from '../lib/quote';
import { pageMeta } from '../lib/seo';
import { toast } from '../lib/toast';
import type { Route } from './+types/cart';

export const handle = readsNoQuery;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Cart',
    description: 'The smart cards in your cart, with current prices, ready for checkout.',
  });
// The HTML is the same for everyone: the cart itself lives in the browser.
export const headers = publicPageHeaders;

export default function Cart() {
  const items = useCart();
  const hydrated = useHydrated();
  const { quote, failed } = useQuote(items);
  const { lineCents, subtotalCents } = shownPrices(items, quote);
  const blocked = quote !== null && !quote.orderable;

  return (
    <>
      <PageHeader title="Cart" />
      <section className="container section cart-page">
        {!hydrated ? (
          <p role="status">Loading cart...</p>
        ) : items.length === 0 ? (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <Link className="button" to="/cards">
              Browse smart cards
            </Link>
          </div>
        ) : (
          <>
            <table className="cart-table">
              <caption className="visually-hidden">Items in your cart</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Design</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, index) => {
                  const line = quotedLine(quote, item, index);
                  const key = lineKey(item);
                  const label = `${item.card.name} (${item.design})`;
                  return (
                    <tr key={key}>
                      <th scope="row">
                        {/* The flex box inside the cell: a cell made a flex box is no longer a table cell, and its
                            border is drawn at its own height, not the row's. */}
                        <div className="cart-product">
                          <CardImage src={item.card.cover_image} alt="" />
                          <div>
                            {item.card.slug ? (
                              <Link to={`/cards/${item.card.slug}`}>{item.card.name}</Link>
                            ) : (
                              item.card.name
                            )}
                            {item.personalisation && <PrintedDetails entries={item.personalisation} />}
                            {line?.problem && (
                              <p className="cart-line-problem" role="alert">
                                {line.problem}
                              </p>
                            )}
                          </div>
                        </div>
                      </th>
                      <td data-label="Design">{item.design}</td>
                      <td data-label="Quantity">
                        <QuantityInput
                          value={item.quantity}
                          label={`Quantity of ${label}`}
                          onChange={(quantity) => updateQuantity(key, quantity)}
                        />
                      </td>
                      <td data-label="Price">{formatDollars(item.card.price)}</td>
                      <td data-label="Total">{formatDollars(lineCents(item, index))}</td>
                      <td>
                        <button
                          type="button"
                          className="button button-outline button-small button-danger-outline"
                          aria-label={`Remove ${label}`}
                          onClick={() => {
                            removeFromCart(key);
                            toast.success('Item removed from cart');
                          }}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="cart-summary">
              <p className="cart-total">
                Subtotal <strong data-testid="cart-total">{formatDollars(subtotalCents)}</strong>
              </p>
              <p className="muted">Shipping and tax are calculated at checkout.</p>
              {failed && (
                <p className="muted">Prices could not be checked just now; checkout confirms them.</p>
              )}
              {blocked && (
                <p className="cart-line-problem">Change or remove the marked items to check out.</p>
              )}
              <div className="form-actions">
                <button type="button" className="button button-outline" onClick={() => clearCart()}>
                  Clear cart
                </button>
                {blocked ? (
                  <span className="button" aria-disabled="true">
                    Proceed to Checkout
                  </span>
                ) : (
                  <Link className="button" to="/checkout">
                    Proceed to Checkout
                  </Link>
                )}
              </div>
            </div>
          </>
        )}
      </section>
    </>
  );
}
