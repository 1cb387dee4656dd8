import { describe, expect, it } from 'vitest';
import { centsToPrice, lineTotalCents, priceToCents, totalCents } from './money.ts';

describe('priceToCents', () => {
  it('reads the API price form exactly', () => {
    expect(priceToCents('24.99')).toBe(2499);
    expect(priceToCents('0.29')).toBe(29);
    expect(priceToCents('0.07')).toBe(7);
    expect(priceToCents('19')).toBe(1900);
    expect(priceToCents('19.9')).toBe(1990);
    expect(priceToCents('999999.99')).toBe(99_999_999);
    expect(priceToCents('0.00')).toBe(0);
  });

  it('refuses what is not a plain amount of dollars and cents', () => {
    for (const bad of ['1.005', '', '.5', '5.', '-1.00', '1e3', ' 1.00', '1,00', 'NaN', 'Infinity', '0x10']) {
      expect(priceToCents(bad), bad).toBeUndefined();
    }
  });
});

describe('centsToPrice', () => {
  it('writes two decimals', () => {
    expect(centsToPrice(2499)).toBe('24.99');
    expect(centsToPrice(29)).toBe('0.29');
    expect(centsToPrice(7)).toBe('0.07');
    expect(centsToPrice(0)).toBe('0.00');
    expect(centsToPrice(100)).toBe('1.00');
  });

  it('refuses a fraction of a cent and a negative amount', () => {
    expect(() => centsToPrice(0.5)).toThrow(RangeError);
    expect(() => centsToPrice(-250)).toThrow(RangeError);
    expect(() => centsToPrice(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every price string', () => {
    for (const price of ['0.01', '0.10', '0.29', '1.15', '4.35', '24.99', '1000000.00']) {
      expect(centsToPrice(priceToCents(price) ?? -1)).toBe(price);
    }
  });
});

describe('totals', () => {
  it('multiplies and adds whole cents', () => {
    expect(lineTotalCents(29, 3)).toBe(87);
    expect(
      totalCents([
        { unitCents: 2499, quantity: 2 },
        { unitCents: 29, quantity: 1 },
      ]),
    ).toBe(5027);
    expect(totalCents([])).toBe(0);
  });

  it('stays exact at the largest order: 99 × 999999.99, fifty lines of it', () => {
    const unit = priceToCents('999999.99') ?? 0;
    expect(centsToPrice(lineTotalCents(unit, 99))).toBe('98999999.01');
    const lines = Array.from({ length: 50 }, () => ({ unitCents: unit, quantity: 99 }));
    expect(centsToPrice(totalCents(lines))).toBe('4949999950.50');
  });

  it('adds 0.10 + 0.20 as 0.30, unlike floating point', () => {
    const cents = totalCents(
      ['0.10', '0.20'].map((price) => ({ unitCents: priceToCents(price) ?? 0, quantity: 1 })),
    );
    expect(centsToPrice(cents)).toBe('0.30');
  });
});
