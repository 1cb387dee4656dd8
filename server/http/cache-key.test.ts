import { describe, expect, it } from 'vitest';
import { cacheKeyOf } from './cache-key.ts';

describe('cacheKeyOf', () => {
  it('drops marketing parameters and keeps the rest in order', () => {
    expect(
      cacheKeyOf('/cards?utm_source=x&page=2&gclid=1&fbclid=2&msclkid=3&ref=news&utm_campaign=y&q=a'),
    ).toBe('/cards?page=2&q=a');
    expect(cacheKeyOf('/cards?utm_medium=email')).toBe('/cards');
  });

  it('leaves a URL without them as it is', () => {
    expect(cacheKeyOf('/cards')).toBe('/cards');
    expect(cacheKeyOf('/cards?page=2&refund=1&utm=1')).toBe('/cards?page=2&refund=1&utm=1');
  });
});
