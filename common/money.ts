/**
 * Money is whole cents (integers) everywhere; the API spells it as a price string with two decimals
 * ("24.99"). Converting by string keeps every amount exact: `Number('0.29') * 100` is 28.999999999999996.
 */

/** Dollars, optionally with one or two decimals: "19", "19.9", "19.99". */
const PRICE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "24.99" → 2499; undefined for anything that is not a plain non-negative amount ("1.005", "-1", "1e3"). */
export function priceToCents(price: string): number | undefined {
  const match = PRICE.exec(price);
  if (!match) return undefined;
  const [, dollars = '', fraction = ''] = match;
  return Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2499 → "24.99"; cents must be a whole, non-negative, safe number. */
export function centsToPrice(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a whole number of cents: ${cents}`);
  const dollars = Math.trunc(cents / 100);
  const remainder = cents % 100;
  return `${dollars}.${String(remainder).padStart(2, '0')}`;
}

export function lineTotalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

export function totalCents(lines: Iterable<{ unitCents: number; quantity: number }>): number {
  let sum = 0;
  for (const line of lines) sum += lineTotalCents(line.unitCents, line.quantity);
  return sum;
}
