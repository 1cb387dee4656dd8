import { expect, it } from 'vitest';
import { changedFields } from './audit-diff';

it('keeps only the fields an edit changed', () => {
  const before = { name: 'Oak', price_cents: 4450, stock: 25, active: true };
  const after = { name: 'Oak', price_cents: 3900, stock: null, active: true };
  expect(changedFields(before, after)).toEqual({
    before: { price_cents: 4450, stock: 25 },
    after: { price_cents: 3900, stock: null },
  });
});

it('shows fields only one side has, and leaves a creation whole', () => {
  expect(
    changedFields({ status: 'pending' }, { status: 'cancelled', restocked: [{ card: 1, quantity: 2 }] }),
  ).toEqual({
    before: { status: 'pending' },
    after: { status: 'cancelled', restocked: [{ card: 1, quantity: 2 }] },
  });
  expect(changedFields(null, { sku: 'IC-1' })).toEqual({ before: null, after: { sku: 'IC-1' } });
  expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: {}, after: {} });
});
