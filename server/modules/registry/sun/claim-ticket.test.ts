import { describe, expect, it } from 'vitest';
import { claimTicketValid, signClaimTicket } from './claim-ticket.ts';

describe('a claim ticket', () => {
  const subject = { serial: 'ABCDEFGHJKMN', client: 'client-a' };
  const now = 1_800_000_000;

  it('claims its card for its client for 30 minutes, and nothing after or elsewhere', () => {
    const ticket = signClaimTicket('secret', subject, now);
    expect(claimTicketValid('secret', ticket, subject, now + 30 * 60)).toBe(true);
    expect(claimTicketValid('secret', ticket, subject, now + 30 * 60 + 1)).toBe(false);
    expect(claimTicketValid('secret', ticket, { ...subject, client: 'client-b' }, now)).toBe(false);
    expect(claimTicketValid('secret', ticket, { ...subject, serial: 'ABCDEFGHJKMP' }, now)).toBe(false);
    expect(claimTicketValid('another secret', ticket, subject, now)).toBe(false);
    expect(claimTicketValid('secret', `${ticket}.x`, subject, now)).toBe(false);
    expect(claimTicketValid('secret', 'zz.zz', subject, now)).toBe(false);
  });
});
