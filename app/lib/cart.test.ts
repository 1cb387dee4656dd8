import { describe, expect, it } from 'vitest';
import { withoutLine, withQuantity, withServerPrices } from './cart';
import { type CartItem, clampQuantity, lineKey, parseCart, withAdded } from './cart-storage';

describe('clampQuantity', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1.7, 1],
    [5, 5],
    [1e9, 99],
    [Number.NaN, 1],
  ])('%d → %d', (input, expected) => {
    expect(clampQuantity(input)).toBe(expected);
  });
});

describe('parseCart', () => {
  it('reads the spec shape', () => {
    const items = parseCart(
      JSON.stringify([
        { card: { id: 3, name: 'Eco', slug: 'eco', price: '29.99' }, design: 'Bamboo', quantity: 2 },
      ]),
    );
    expect(items).toEqual([
      {
        card: { id: 3, name: 'Eco', slug: 'eco', price: '29.99', cover_image: null },
        design: 'Bamboo',
        quantity: 2,
      },
    ]);
  });

  it('empties a broken cart instead of crashing', () => {
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });

  it('drops malformed items and repairs quantities', () => {
    const items = parseCart(
      JSON.stringify([
        null,
        { card: { id: 'x' }, design: 'A', quantity: 1 },
        { card: { id: 1 }, quantity: 1 },
        { card: { id: 2 }, design: 'Metal Gold', quantity: -4 },
      ]),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ card: { id: 2 }, design: 'Metal Gold', quantity: 1 });
  });
});

const eco = { id: 3, name: 'Eco', slug: 'eco', price: '29.99', cover_image: null };
const gold = { id: 4, name: 'Gold', slug: 'gold', price: '59.00', cover_image: null };

describe('cart rules', () => {
  it('adding the same card and design raises the quantity; another design is another line', () => {
    let items: CartItem[] = [];
    items = withAdded(items, { card: eco, design: 'Bamboo' });
    items = withAdded(items, { card: eco, design: 'Bamboo' }, 2);
    items = withAdded(items, { card: eco, design: 'Carbon' });
    items = withAdded(items, { card: gold, design: 'Metal Gold' });
    expect(items.map((item) => [item.card.id, item.design, item.quantity])).toEqual([
      [3, 'Bamboo', 3],
      [3, 'Carbon', 1],
      [4, 'Metal Gold', 1],
    ]);
    expect(withAdded(items, { card: eco, design: 'Bamboo' }, 500)[0]?.quantity).toBe(99);
  });

  it('sets a quantity within 1–99 and removes one line only', () => {
    const bamboo = lineKey({ card: eco, design: 'Bamboo' });
    const items = withAdded(withAdded([], { card: eco, design: 'Bamboo' }), { card: eco, design: 'Carbon' });
    expect(withQuantity(items, bamboo, 0)[0]?.quantity).toBe(1);
    expect(withQuantity(items, bamboo, 120)[0]?.quantity).toBe(99);
    expect(withQuantity(items, bamboo, 7)[1]?.quantity).toBe(1);
    expect(withoutLine(items, bamboo).map((item) => item.design)).toEqual(['Carbon']);
  });

  it('keeps the same card with other printed details as its own line, whatever the spacing or key order', () => {
    const maya = [{ name: 'Maya Lindqvist', title: 'Designer' }];
    let items: CartItem[] = [];
    items = withAdded(items, { card: eco, design: 'Bamboo', personalisation: maya });
    items = withAdded(items, {
      card: eco,
      design: 'Bamboo',
      personalisation: [{ title: 'Designer', name: ' Maya Lindqvist ' }],
    });
    items = withAdded(items, { card: eco, design: 'Bamboo', personalisation: [{ name: 'Jonas Berg' }] });
    items = withAdded(items, { card: eco, design: 'Bamboo' });
    expect(items.map((item) => [item.personalisation?.[0]?.name ?? null, item.quantity])).toEqual([
      ['Maya Lindqvist', 2],
      ['Jonas Berg', 1],
      [null, 1],
    ]);
    const saved = parseCart(JSON.stringify(items));
    expect(saved.map(lineKey)).toEqual(items.map(lineKey));
    expect(withoutLine(items, lineKey(items[1] as CartItem)).map((item) => item.quantity)).toEqual([2, 1]);
  });

  it('drops a malformed saved personalisation rather than the line', () => {
    const raw = JSON.stringify([
      { card: eco, design: 'Bamboo', quantity: 1, personalisation: [{ name: 7, logo: 'x' }] },
    ]);
    expect(parseCart(raw)).toEqual([{ card: eco, design: 'Bamboo', quantity: 1, personalisation: [{}] }]);
  });

  it('merges duplicate lines of an older saved cart', () => {
    const raw = JSON.stringify([
      { card: eco, design: 'Bamboo', quantity: 2 },
      { card: eco, design: 'Bamboo', quantity: 3 },
    ]);
    expect(parseCart(raw)).toEqual([{ card: eco, design: 'Bamboo', quantity: 5 }]);
  });

  it('takes names and prices from the server, keeping lines the server does not know', () => {
    const items = withAdded(withAdded([], { card: eco, design: 'Bamboo' }), {
      card: gold,
      design: 'Metal Gold',
    });
    const refreshed = withServerPrices(items, [
      {
        card: 3,
        design: 'Bamboo',
        name: 'Eco Plus',
        slug: 'eco',
        unit_price: '31.50',
        cover_image: '/media/eco.svg',
      },
      {
        card: 4,
        design: 'Metal Gold',
        name: 'Unknown card',
        slug: '',
        unit_price: '0.00',
        cover_image: null,
      },
    ]);
    expect(refreshed[0]?.card).toMatchObject({
      name: 'Eco Plus',
      price: '31.50',
      cover_image: '/media/eco.svg',
    });
    expect(refreshed[1]?.card).toEqual(gold);
  });
});
