import type { SerialFlagKind } from '../../../../common/tap-proof.ts';

/** How the admin page and the firm's mail name each signal. */
export const FLAG_KIND_LABELS: Record<SerialFlagKind, string> = {
  replayed_counter: 'Replayed counter',
  forged_message: 'Forged chip message',
  distant_taps: 'Taps from distant networks',
  many_checkers: 'Many checkers of the printed serial',
};
