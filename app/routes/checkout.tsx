import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADDRESS_MESSAGES } from '../../common/messages/addresses';
import { COMPANY_BILLING_MESSAGES } from '../../common/messages/company-billing';
import { ORDER_MESSAGES } from '../../common/messages/orders';
import { company } from '../../content/company';
import type { Address } from '../../server/modules/addresses/responses';
import {
  COMPANY_FIELD_CONTROLS,
  CompanyBilling,
  type CompanyDraft,
  companyProblems,
  companyRequest,
  EMPTY_COMPANY,
} from '../components/checkout/CompanyBilling';
import { PrintedDetails } from '../components/PrintedDetails';
import { PageHeader } from '../components/page-header/PageHeader';
import { AddAddressModal } from '../components/profile/AddAddressModal';
import { AddressEditor } from '../components/profile/AddressEditor';
import { formatAddress } from '../components/profile/ProfileCard';
import { api, fieldErrors, serverDetail } from '../lib/api';
import { clearCart, requestItems, useCart } from '../lib/cart';
import { lineKey } from '../lib/cart-storage';
import { formatDollars } from '../lib/format';
import { useHydrated } from '../lib/hydrated';
import { newIdempotencyKey } from '../lib/idempotency';
import { loadCheckout } from '../lib/orders.server';
import { quotedLine, shownCharges, shownPrices, useQuote } from '../lib/quote';
import { toast } from '../lib/toast';
import { useWrite } from '../lib/use-write';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${company.name}` }];

/** Signed-in only: a visitor without a session is sent to /login and brought back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckout(request, context);
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const items = useCart();
  const hydrated = useHydrated();
  const [addresses, setAddresses] = useState<Address[]>(loaderData.addresses);
  const [selected, setSelected] = useState<number | null>(loaderData.addresses[0]?.id ?? null);
  // An address saved before countries were chosen, whose text named none: its owner chooses before ordering,
  // and it is priced only then.
  const uncoded = addresses.find((address) => address.id === selected && address.country_code === null);
  const [forCompany, setForCompany] = useState(false);
  const [company, setCompany] = useState<CompanyDraft>(EMPTY_COMPANY);
  const [companyErrors, setCompanyErrors] = useState<Record<string, string[]>>({});
  const billing = forCompany ? companyRequest(company) : undefined;
  const quoted = useQuote(items, uncoded ? null : selected, billing);
  const { quote } = quoted;
  const [adding, setAdding] = useState(false);
  const { busy: placing, run } = useWrite();
  // One key per checkout attempt: a retry of the same order (a lost answer, a double click) reuses it.
  const attempt = useRef<{ payload: string; key: string } | null>(null);
  const { lineCents, subtotalCents } = shownPrices(items, quote);
  // A quote taxed for other company details (or none) than those now in the form is not shown as theirs.
  const quotedForBilling = quoted.company === (billing ? JSON.stringify(billing) : null);
  const charges = quotedForBilling ? shownCharges(items, quoted, selected) : null;
  const companyIncomplete = forCompany && billing === null;
  const reverseCharged = charges !== null && forCompany && quote?.tax_treatment === 'reverse_charge';

  async function placeOrder() {
    if (selected === null) {
      toast.error(ORDER_MESSAGES.noAddress);
      return;
    }
    if (items.length === 0) {
      toast.error(ORDER_MESSAGES.emptyCart);
      return;
    }
    if (billing === null) {
      const problems = companyProblems(company);
      setCompanyErrors(problems);
      const first = Object.keys(COMPANY_FIELD_CONTROLS).find((field) => problems[field]);
      const control = first
        ? document.querySelector<HTMLElement>(`.checkout-company [name="${COMPANY_FIELD_CONTROLS[first]}"]`)
        : null;
      control?.focus();
      return;
    }
    const body = {
      address: selected,
      items: requestItems(items),
      ...(billing ? { company: billing } : {}),
    };
    const payload = JSON.stringify(body);
    if (attempt.current?.payload !== payload) attempt.current = { payload, key: newIdempotencyKey() };
    const key = attempt.current.key;
    await run(() => api('/orders/', { method: 'POST', body, headers: { 'idempotency-key': key } }), {
      done: 'Order placed successfully!',
      // The title stays even for a 429: the server's reason, beneath it, says what to do.
      failed: (error) => ({
        message: 'Failed to place order. Please try again.',
        description: serverDetail(error),
      }),
      onFailed: (error) => setCompanyErrors(fieldErrors(error)),
      onDone: clearCart,
      next: (order) => `/order-success?order=${order.id}`,
    });
  }

  return (
    <>
      <PageHeader title="Checkout" />
      <section className="container section checkout-page">
        <div className="checkout-grid">
          <div className="checkout-details">
            <fieldset className="checkout-addresses">
              <legend>Shipping address</legend>
              {addresses.length === 0 ? (
                <p className="muted">
                  No addresses found. Please add address in your <Link to="/profile">profile</Link> first.
                </p>
              ) : (
                <ul className="checkout-address-choices">
                  {addresses.map((address) => (
                    <li key={address.id}>
                      <label className="checkout-address-choice">
                        <input
                          type="radio"
                          name="address"
                          value={address.id}
                          checked={selected === address.id}
                          onChange={() => setSelected(address.id)}
                        />
                        <span>
                          {formatAddress(address)}
                          {address.country_code === null && (
                            <span className="cart-line-problem"> Choose its country before ordering.</span>
                          )}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {uncoded && (
                <div className="checkout-choose-country">
                  <p role="alert">{ADDRESS_MESSAGES.chooseCountry(uncoded.country)}</p>
                  <AddressEditor
                    key={uncoded.id}
                    address={uncoded}
                    onSaved={(saved) =>
                      setAddresses(addresses.map((address) => (address.id === saved.id ? saved : address)))
                    }
                    onCancel={() => setSelected(null)}
                  />
                </div>
              )}
              <button
                type="button"
                className="button button-outline button-small"
                onClick={() => setAdding(true)}
              >
                Add a new address
              </button>
            </fieldset>
            <CompanyBilling
              on={forCompany}
              draft={company}
              errors={companyErrors}
              onToggle={setForCompany}
              onChange={(draft) => {
                setCompany(draft);
                setCompanyErrors({});
              }}
            />
          </div>

          <section className="checkout-summary" aria-labelledby="summary-heading">
            <h2 id="summary-heading">Order summary</h2>
            {!hydrated ? (
              <p role="status">Loading cart...</p>
            ) : items.length === 0 ? (
              <p>
                {ORDER_MESSAGES.emptyCart} <Link to="/cards">Browse smart cards</Link>
              </p>
            ) : (
              <ul className="checkout-summary-lines">
                {items.map((item, index) => {
                  const problem = quotedLine(quote, item, index)?.problem;
                  return (
                    <li key={lineKey(item)}>
                      <span>
                        {item.quantity} × {item.card.name} <span className="muted">({item.design})</span>
                        {item.personalisation && <PrintedDetails entries={item.personalisation} />}
                        {problem && (
                          <span className="cart-line-problem" role="alert">
                            {problem}
                          </span>
                        )}
                      </span>
                      <span>{formatDollars(lineCents(item, index))}</span>
                    </li>
                  );
                })}
              </ul>
            )}
            <dl className="checkout-summary-totals">
              <div>
                <dt>Subtotal</dt>
                <dd data-testid="checkout-subtotal">{formatDollars(subtotalCents)}</dd>
              </div>
              <div>
                <dt>
                  Shipping{' '}
                  {charges?.zone && (
                    <span className="muted" data-testid="checkout-zone">
                      ({charges.zone})
                    </span>
                  )}
                </dt>
                <dd data-testid="checkout-shipping">
                  {charges
                    ? formatDollars(charges.shippingCents)
                    : selected === null
                      ? 'Choose an address'
                      : '…'}
                </dd>
              </div>
              <div>
                <dt>
                  {reverseCharged ? (
                    <span data-testid="checkout-reverse-charge">
                      {COMPANY_BILLING_MESSAGES.reverseCharge}
                    </span>
                  ) : (
                    <>
                      Tax{' '}
                      {charges && (
                        <span className="muted" data-testid="checkout-tax-rate">
                          ({charges.taxRate} %)
                        </span>
                      )}
                    </>
                  )}
                </dt>
                <dd data-testid="checkout-tax">{charges ? formatDollars(charges.taxCents) : '…'}</dd>
              </div>
              <div className="cart-total checkout-summary-total">
                <dt>Total</dt>
                <dd>
                  <strong data-testid="checkout-total">
                    {charges ? formatDollars(charges.totalCents) : '…'}
                  </strong>
                </dd>
              </div>
            </dl>
            {companyIncomplete && (
              <p className="field-hint" data-testid="checkout-company-incomplete">
                {COMPANY_BILLING_MESSAGES.incomplete}
              </p>
            )}
            <p className="muted">No payment now: we confirm your order by e-mail and invoice you then.</p>
            <button
              type="button"
              className="button"
              onClick={placeOrder}
              disabled={
                placing ||
                !hydrated ||
                uncoded !== undefined ||
                items.length === 0 ||
                (selected !== null && !charges && !quoted.failed)
              }
            >
              {placing ? 'Placing Order...' : 'Place Order'}
            </button>
            <p>
              <Link to="/cart">Back to cart</Link>
            </p>
          </section>
        </div>
        <AddAddressModal
          open={adding}
          onClose={() => setAdding(false)}
          onAdded={(address) => {
            setAddresses([address, ...addresses]);
            setSelected(address.id);
            setAdding(false);
          }}
        />
      </section>
    </>
  );
}
