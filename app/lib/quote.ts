import { useEffect, useMemo, useState } from 'react';
import { priceToCents } from '../../common/money';
import type { Quote } from '../../server/modules/orders/responses';
import { api } from './api';
import { type CartItem, cartLineCents, cartTotalCents, refreshPrices, requestItems } from './cart';

export type { Quote };

/**
 * The cart priced by the server (POST /api/orders/quote/): current names and prices, and a reason for
 * each line that cannot be ordered; with one of the user's addresses, its shipping and tax too (`address`
 * says which address the quote is for). Stored prices are refreshed from it. Null until it answers.
 */
export function useQuote(
  items: CartItem[],
  address?: number | null,
  /** Buying for a company: taxed as its order will be (the reverse charge). */
  company?: object | null,
): { quote: Quote | null; failed: boolean; address: number | null; company: string | null } {
  const [answered, setAnswered] = useState<{
    quote: Quote;
    address: number | null;
    company: string | null;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useMemo(() => JSON.stringify(requestItems(items)), [items]);
  const to = address ?? null;
  const billing = company ? JSON.stringify(company) : null;

  useEffect(() => {
    const lines = JSON.parse(request) as unknown[];
    if (lines.length === 0) {
      setAnswered(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      const body = {
        items: lines,
        ...(to === null ? {} : { address: to }),
        ...(billing === null ? {} : { company: JSON.parse(billing) }),
      };
      api('/orders/quote/', { method: 'POST', body })
        .then((answer) => {
          if (!current) return;
          setAnswered({ quote: answer, address: to, company: billing });
          setFailed(false);
          refreshPrices(answer.items);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request, to, billing]);

  // `company`: the company the quote was taxed for, as sent (JSON), so a quote for older details is not shown.
  return {
    quote: answered?.quote ?? null,
    failed,
    address: answered?.address ?? null,
    company: answered?.company ?? null,
  };
}

/**
 * The quoted line for the cart's `index`th item, when the quote has it: the server answers line for line in
 * the order asked (the cart's lines are already distinct, so none merge), which tells apart two lines of
 * one card with different printed details.
 */
export function quotedLine(quote: Quote | null, item: CartItem, index: number) {
  const line = quote?.items[index];
  return line && line.card === item.card.id && line.design === item.design ? line : undefined;
}

/** True when the quote prices exactly these lines (an answer for an older cart is not shown). */
function quotes(quote: Quote, items: CartItem[]): boolean {
  return (
    quote.items.length === items.length &&
    items.every((item, index) => quotedLine(quote, item, index)?.quantity === item.quantity)
  );
}

/**
 * The money the cart and checkout show for the goods, in cents: the server's quote once it prices these
 * lines (what the order will charge), the cart's own sums of its stored prices before.
 */
export function shownPrices(
  items: CartItem[],
  quote: Quote | null,
): { lineCents: (item: CartItem, index: number) => number; subtotalCents: number } {
  if (!quote || !quotes(quote, items)) {
    return { lineCents: cartLineCents, subtotalCents: cartTotalCents(items) };
  }
  return {
    lineCents: (item, index) =>
      priceToCents(quotedLine(quote, item, index)?.line_total ?? '') ?? cartLineCents(item),
    subtotalCents: priceToCents(quote.subtotal) ?? cartTotalCents(items),
  };
}

/** Shipping, tax and total as the server quoted them for these lines to this address; null until it has. */
export function shownCharges(
  items: CartItem[],
  answer: { quote: Quote | null; address: number | null },
  address: number | null,
): { shippingCents: number; zone: string; taxRate: string; taxCents: number; totalCents: number } | null {
  const { quote } = answer;
  if (!quote || address === null || answer.address !== address || !quotes(quote, items)) return null;
  const shippingCents = priceToCents(quote.shipping ?? '');
  const taxCents = priceToCents(quote.tax ?? '');
  const totalCents = priceToCents(quote.total);
  if (shippingCents === undefined || taxCents === undefined || totalCents === undefined) return null;
  return {
    shippingCents,
    zone: quote.shipping_zone ?? '',
    taxRate: quote.tax_rate ?? '0',
    taxCents,
    totalCents,
  };
}
