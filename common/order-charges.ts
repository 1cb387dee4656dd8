/** What an order's summary lists above its total; shipping and tax only when they are charged. */
export interface ChargedOrder {
  subtotal: string;
  shipping: string;
  shipping_zone: string | null;
  tax: string;
  tax_rate: string;
}

const isZero = (price: string) => /^0+(\.0+)?$/.test(price);

/**
 * "Subtotal", "Shipping (Europe)", "Tax (23 %)" with their amounts (dollars strings), or nothing when the
 * order charged neither shipping nor tax (its total is then its subtotal).
 */
export function orderChargeLines(order: ChargedOrder): Array<{ label: string; amount: string }> {
  const lines: Array<{ label: string; amount: string }> = [];
  if (!isZero(order.shipping)) {
    lines.push({
      label: order.shipping_zone ? `Shipping (${order.shipping_zone})` : 'Shipping',
      amount: order.shipping,
    });
  }
  if (!isZero(order.tax)) lines.push({ label: `Tax (${order.tax_rate} %)`, amount: order.tax });
  return lines.length === 0 ? [] : [{ label: 'Subtotal', amount: order.subtotal }, ...lines];
}
