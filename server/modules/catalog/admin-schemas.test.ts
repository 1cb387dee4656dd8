import { describe, expect, it } from 'vitest';
import { CARD_FIELD_MESSAGES, cardChangesSchema } from './admin-schemas.ts';

const priceOf = (price: unknown) => cardChangesSchema.safeParse({ price });

describe('a card price', () => {
  it('reads whole dollars, one or two decimals, exactly as cents', () => {
    expect(priceOf('12').data).toEqual({ price: 1200 });
    expect(priceOf('12.5').data).toEqual({ price: 1250 });
    expect(priceOf(' 12.50 ').data).toEqual({ price: 1250 });
    expect(priceOf('0.29').data).toEqual({ price: 29 });
    expect(priceOf('999999.99').data).toEqual({ price: 99_999_999 });
  });

  it('refuses anything else with the price message', () => {
    for (const bad of ['12.345', '-1', '1e3', '', '.5', '1000000', '12,50', 12]) {
      const parsed = priceOf(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([CARD_FIELD_MESSAGES.price]);
    }
  });
});
