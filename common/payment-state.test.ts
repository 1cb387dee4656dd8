import { describe, expect, it } from 'vitest';
import { dollars, orderMoney, paymentSentence, paymentWords } from './payment-state.ts';

const NOW = new Date('2026-12-15T10:00:00Z');
const sums = (values: Partial<Parameters<typeof orderMoney>[0]> = {}) => ({
  total_cents: 5000,
  credited_cents: 0,
  paid_cents: 0,
  refunded_cents: 0,
  due_at: '2026-12-12T09:00:00.000Z' as string | null,
  ...values,
});
const say = (values: Partial<Parameters<typeof orderMoney>[0]>, now = NOW) => {
  const money = orderMoney(sums(values), now);
  return [paymentWords(money), paymentSentence(money, sums(values).due_at)];
};

describe('an order’s payment in words', () => {
  it('says each state as the buyer and the firm read it', () => {
    const beforeDue = new Date('2026-12-01T00:00:00Z');
    expect(say({}, beforeDue)).toEqual(['Unpaid', 'Unpaid, due Dec 12, 2026']);
    expect(say({ due_at: null })).toEqual(['Unpaid', 'Unpaid: $50.00, due once we confirm the order']);
    expect(say({ paid_cents: 2000 }, beforeDue)).toEqual([
      'Partly paid',
      'Partly paid: $20.00 of $50.00, the rest due Dec 12, 2026',
    ]);
    expect(say({})).toEqual(['Overdue 3 days', 'Overdue 3 days: $50.00 to pay']);
    expect(say({ paid_cents: 5000 })).toEqual(['Paid', 'Paid']);
    expect(say({ paid_cents: 5100 })).toEqual(['Overpaid', 'Overpaid by $1.00: we will refund it']);
    expect(say({ paid_cents: 5100, refunded_cents: 100 })).toEqual(['Paid', 'Paid']);
  });

  it('charges nothing for a cancelled order, invoiced or not, and owes back what was paid on it', () => {
    expect(orderMoney({ ...sums(), cancelled: true }, NOW)).toMatchObject({
      charged_cents: 0,
      owed_cents: 0,
      state: 'no_charge',
      overdue_days: 0,
    });
    const paid = orderMoney({ ...sums({ paid_cents: 5000 }), cancelled: true }, NOW);
    expect(paymentSentence(paid, null)).toBe('Overpaid by $50.00: we will refund it');
  });

  it('writes whole cents as dollars, never with a minus sign', () => {
    expect([dollars(0), dollars(5), dollars(123456789), dollars(-100)]).toEqual([
      '$0.00',
      '$0.05',
      '$1,234,567.89',
      '$1.00',
    ]);
  });
});
