/**
 * Why the firm blocked a serial: a code kept with the serial (bulk block by CSV names one per row) and the
 * label the admin console shows. The public never sees the reason, only that the card is deactivated.
 */
export const BLOCK_REASONS = {
  counterfeit: 'Counterfeit',
  cloned: 'Cloned chip suspected',
  stolen: 'Reported stolen',
  lost: 'Reported lost to the firm',
  damaged: 'Damaged or replaced',
  recalled: 'Recalled batch',
  other: 'Other',
} as const;

export type BlockReason = keyof typeof BLOCK_REASONS;

export const BLOCK_REASON_CODES = Object.keys(BLOCK_REASONS) as BlockReason[];
