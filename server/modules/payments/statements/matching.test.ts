import { describe, expect, it } from 'vitest';
import { quotedOrderNumber } from './matching.ts';

describe('the order number a line quotes', () => {
  it('takes a structured RF reference by itself, not run into the free text after it', () => {
    expect(quotedOrderNumber('RF78NXP465WKSR', 'Invoice Y98KX')).toBe('NX-P465-WKSR');
    expect(quotedOrderNumber('RF78 NXP4 65WK SR', null)).toBe('NX-P465-WKSR');
  });

  it('prefers, in free text, an RF reference that is an order’s over one the following words make valid', () => {
    expect(quotedOrderNumber(null, 'Payment RF78NXP465WKSR INVOICE Y98KX')).toBe('NX-P465-WKSR');
    expect(quotedOrderNumber(null, 'for order nx 7k3m 9q2p thanks')).toBe('NX-7K3M-9Q2P');
    expect(quotedOrderNumber(null, 'no reference')).toBeNull();
  });
});
