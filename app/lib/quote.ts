import { useEffect, useMemo, useState } from 'react';
import { priceToCents } from '../../common/money';
import type { Quote } from '../../server/modules/orders/responses';
import { api } from './api';
import { type CartItem, cartLineCents, cartTotalCents, refreshPrices } from './cart';

export type { Quote };

/**
 * The cart priced by the server (POST /api/orders/quote/): current names and prices, and a reason for
 * each line that cannot be ordered. Stored prices are refreshed from it. Null until it answers.
 */
export function useQuote(items: CartItem[]): { quote: Quote | null; failed: boolean } {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useMemo(
    () =>
      JSON.stringify(
        items.map((item) => ({ card: item.card.id, design: item.design, quantity: item.quantity })),
      ),
    [items],
  );

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

/** The quoted line for a cart item, when the quote has it. */
export function quotedLine(quote: Quote | null, item: CartItem) {
  return quote?.items.find((line) => line.card === item.card.id && line.design === item.design);
}

/** True when the quote prices exactly these lines (an answer for an older cart is not shown). */
function quotes(quote: Quote, items: CartItem[]): boolean {
  return (
    quote.items.length === items.length &&
    items.every((item) => quotedLine(quote, item)?.quantity === item.quantity)
  );
}

/**
 * The money the cart and checkout show, in cents: the server's quote once it prices these lines (what the
 * order will charge), the cart's own sums of its stored prices before.
 */
export function shownPrices(
  items: CartItem[],
  quote: Quote | null,
): { lineCents: (item: CartItem) => number; totalCents: number } {
  if (!quote || !quotes(quote, items)) return { lineCents: cartLineCents, totalCents: cartTotalCents(items) };
  return {
    lineCents: (item) => priceToCents(quotedLine(quote, item)?.line_total ?? '') ?? cartLineCents(item),
    totalCents: priceToCents(quote.total) ?? cartTotalCents(items),
  };
}
