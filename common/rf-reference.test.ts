import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRfReference, isRfReference, orderNumberOf, rfPrinted, rfReference } from './rf-reference.ts';

/** A second computation, by the standard's own steps: move "RF" and the check digits to the end, letters to numbers, BigInt mod 97. */
function independentlyValid(reference: string): boolean {
  const moved = `${reference.slice(4)}${reference.slice(0, 4)}`;
  const digits = [...moved]
    .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
    .join('');
  return BigInt(digits) % 97n === 1n;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const orderNumber = fc
  .array(fc.constantFrom(...CROCKFORD), { minLength: 8, maxLength: 8 })
  .map((chars) => `NX-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`);

describe('RF creditor references (ISO 11649)', () => {
  it('accepts the standard’s published example and refuses it with a digit changed', () => {
    expect(isRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isRfReference('RF18 5390 0754 7035')).toBe(false);
    expect(isRfReference('RF18')).toBe(false);
  });

  it('gives every order number a reference an independent computation accepts, and reads it back', () => {
    fc.assert(
      fc.property(orderNumber, (number) => {
        const reference = rfReference(number);
        expect(reference).toMatch(/^RF[0-9]{2}NX[0-9A-Z]{8}$/);
        expect(independentlyValid(reference)).toBe(true);
        expect(isRfReference(rfPrinted(reference))).toBe(true);
        expect(orderNumberOf(reference)).toBe(number);
      }),
    );
  });

  it('prints in groups of four', () => {
    expect(rfPrinted('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('finds a reference among the words a bank adds, spaced or not, and nothing that fails its check', () => {
    const reference = rfReference('NX-7K3M-9Q2P');
    expect(findRfReference(`Payment ${rfPrinted(reference)} thank you`)).toBe(reference);
    expect(findRfReference(`INVOICE/${reference.toLowerCase()}/EUR`)).toBe(reference);
    expect(findRfReference('RF00 NX7K 3M9Q 2P')).toBeNull();
    expect(findRfReference('no reference here')).toBeNull();
    expect(orderNumberOf('RF18539007547034')).toBeNull();
  });

  it('finds the reference a caller wants when the words after it happen to pass the check digits too', () => {
    // "RF78NXP465WKSRINVOICEY9" is a valid RF reference by chance, and not an order's.
    const text = 'RF78NXP465WKSR INVOICE Y98KX';
    expect(findRfReference(text)).toBe('RF78NXP465WKSRINVOICEY9');
    expect(findRfReference(text, (candidate) => orderNumberOf(candidate) !== null)).toBe('RF78NXP465WKSR');
  });
});
