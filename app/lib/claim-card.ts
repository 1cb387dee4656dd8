import type { ClaimedCard } from '../../server/modules/registry/responses';
import { api } from './api';
import { useWrite } from './use-write';

const CARD_CLAIMED = 'Card claimed: a tap now opens your profile.';

/**
 * Claiming a card, from /profile's form or from the page a tap of an unclaimed card opens: one call, the
 * server's checks (a reserved card's e-mail, a lost or blocked card, a secure chip's tap ticket) and the
 * same words either way.
 */
export function useClaimCard() {
  const { busy, run } = useWrite();
  function claim(
    serial: string,
    ticket: string,
    handlers: { onDone(card: ClaimedCard): void; onFailed(error: unknown): void },
  ) {
    const body = ticket ? { serial, tap: ticket } : { serial };
    return run(() => api('/auth/cards/claim/', { method: 'POST', body }), {
      done: CARD_CLAIMED,
      failed: 'Claim failed',
      ...handlers,
    });
  }
  return { busy, claim };
}
