import { describe, expect, it } from 'vitest';
import { statusLabel, waitingFor } from './order-status.ts';

describe('order status words', () => {
  it('names statuses as people say them, never by their code', () => {
    expect(statusLabel('awaiting_proof')).toBe('Awaiting proof');
    expect(statusLabel('changes_requested')).toBe('Changes requested');
    expect(statusLabel('blocked')).toBe('Blocked');
  });

  it('says how long an order has waited, in hours under a day and in days after', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(waitingFor('2026-11-29T11:30:00Z', now)).toBe('waiting under an hour');
    expect(waitingFor('2026-11-29T11:00:00Z', now)).toBe('waiting 1 hour');
    expect(waitingFor('2026-11-29T01:00:00Z', now)).toBe('waiting 11 hours');
    expect(waitingFor('2026-11-28T11:00:00Z', now)).toBe('waiting 1 day');
    expect(waitingFor('2026-11-26T10:00:00Z', now)).toBe('waiting 3 days');
    // A clock a little behind the server's never shows a negative wait.
    expect(waitingFor('2026-11-29T12:05:00Z', now)).toBe('waiting under an hour');
  });
});
