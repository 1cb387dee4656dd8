import { describe, expect, it } from 'vitest';
import {
  type CartItem,
  clampQuantity,
  parseCart,
  withAdded,
  withoutLine,
  withQuantity,
  withServerPrices,
} from './cart';

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
    items = withAdded(items, eco, 'Bamboo');
    items = withAdded(items, eco, 'Bamboo', 2);
    items = withAdded(items, eco, 'Carbon');
    items = withAdded(items, gold, 'Metal Gold');
    expect(items.map((item) => [item.card.id, item.design, item.quantity])).toEqual([
      [3, 'Bamboo', 3],
      [3, 'Carbon', 1],
      [4, 'Metal Gold', 1],
    ]);
    expect(withAdded(items, eco, 'Bamboo', 500)[0]?.quantity).toBe(99);
  });

  it('sets a quantity within 1–99 and removes one line only', () => {
    const items = withAdded(withAdded([], eco, 'Bamboo'), eco, 'Carbon');
    expect(withQuantity(items, 3, 'Bamboo', 0)[0]?.quantity).toBe(1);
    expect(withQuantity(items, 3, 'Bamboo', 120)[0]?.quantity).toBe(99);
    expect(withQuantity(items, 3, 'Bamboo', 7)[1]?.quantity).toBe(1);
    expect(withoutLine(items, 3, 'Bamboo').map((item) => item.design)).toEqual(['Carbon']);
  });

  it('merges duplicate lines of an older saved cart', () => {
    const raw = JSON.stringify([
      { card: eco, design: 'Bamboo', quantity: 2 },
      { card: eco, design: 'Bamboo', quantity: 3 },
    ]);
    expect(parseCart(raw)).toEqual([{ card: eco, design: 'Bamboo', quantity: 5 }]);
  });

  it('takes names and prices from the server, keeping lines the server does not know', () => {
    const items = withAdded(withAdded([], eco, 'Bamboo'), gold, 'Metal Gold');
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
