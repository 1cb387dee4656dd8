import { describe, expect, it } from 'vitest';
import { clampQuantity, parseCart } from './cart';

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
