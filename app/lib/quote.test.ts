import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { type Quote, shownPrices } from './quote';

const item = (id: number, price: string, quantity: number): CartItem => ({
  card: { id, name: `Card ${id}`, slug: `card-${id}`, price, cover_image: null },
  design: 'Classic',
  quantity,
});

const quoted = (items: CartItem[], unitPrices: string[], total: string): Quote => ({
  items: items.map((entry, index) => ({
    card: entry.card.id,
    name: entry.card.name,
    slug: entry.card.slug,
    sku: `SKU-${entry.card.id}`,
    design: entry.design,
    cover_image: null,
    unit_price: unitPrices[index] ?? '0.00',
    quantity: entry.quantity,
    line_total: '0.00',
    problem: null,
  })),
  subtotal: total,
  shipping: null,
  shipping_zone: null,
  tax_rate: null,
  tax: null,
  total,
  item_count: items.reduce((sum, entry) => sum + entry.quantity, 0),
  orderable: true,
  tax_treatment: 'standard',
});

describe('shownPrices', () => {
  const cheap = item(1, '0.29', 3);
  const dear = item(2, '24.99', 2);
  const cart = [cheap, dear];

  it('sums the stored prices in whole cents until the server answers', () => {
    const shown = shownPrices(cart, null);
    expect(shown.lineCents(cheap, 0)).toBe(87);
    expect(shown.subtotalCents).toBe(87 + 4998);
  });

  it('shows the quote once it prices these very lines', () => {
    const quote = quoted(cart, ['0.30', '25.00'], '50.90');
    const [first, second] = quote.items;
    if (!first || !second) throw new Error('two lines expected');
    first.line_total = '0.90';
    second.line_total = '50.00';
    const shown = shownPrices(cart, quote);
    expect(shown.lineCents(cheap, 0)).toBe(90);
    expect(shown.lineCents(dear, 1)).toBe(5000);
    expect(shown.subtotalCents).toBe(5090);
  });

  it('keeps to the cart while the quote is for an older cart', () => {
    const older = quoted([item(1, '0.29', 2), item(2, '24.99', 2)], ['0.29', '24.99'], '50.56');
    expect(shownPrices(cart, older).subtotalCents).toBe(87 + 4998);
    expect(
      shownPrices([...cart, item(3, '1.00', 1)], quoted(cart, ['0.29', '24.99'], '50.85')).subtotalCents,
    ).toBe(87 + 4998 + 100);
  });
});
