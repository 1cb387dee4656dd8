import { useEffect, useMemo, useState } from 'react';
import { priceToCents } from '../../common/money';
import type { Quote } from '../../server/modules/orders/responses';
import { api } from './api';
import { type CartItem, cartLineCents, cartTotalCents, refreshPrices, requestItems } from './cart';

export type { Quote };

/**
 * The cart priced by the server (POST /api/orders/quote/): current names and prices, and a reason for
 * each line that cannot be ordered. Stored prices are refreshed from it. Null until it answers.
 */
export function useQuote(items: CartItem[]): { quote: Quote | null; failed: boolean } {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useMemo(() => JSON.stringify(requestItems(items)), [items]);

  useEffect(() => {
    const lines = JSON.parse(request) as unknown[];
    if (lines.length === 0) {
      setQuote(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api<Quote>('/orders/quote/', { method: 'POST', body: { items: lines } })
        .then((answer) => {
          if (!current) return;
          setQuote(answer);
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
  }, [request]);

  return { quote, failed };
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
 * The money the cart and checkout show, in cents: the server's quote once it prices these lines (what the
 * order will charge), the cart's own sums of its stored prices before.
 */
export function shownPrices(
  items: CartItem[],
  quote: Quote | null,
): { lineCents: (item: CartItem, index: number) => number; totalCents: number } {
  if (!quote || !quotes(quote, items)) return { lineCents: cartLineCents, totalCents: cartTotalCents(items) };
  return {
    lineCents: (item, index) =>
      priceToCents(quotedLine(quote, item, index)?.line_total ?? '') ?? cartLineCents(item),
    totalCents: priceToCents(quote.total) ?? cartTotalCents(items),
  };
}
