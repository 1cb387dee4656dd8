import type { TapProof, TapRejection } from '../tap-proof.ts';

/**
 * What a tapped card's page shows about the tap. A secure chip's message that did not prove the card says only
 * whether the link was opened before (a replay, the one case where the visitor's next step differs); a forged,
 * copied or unreadable one gets one calm sentence, naming no reason an attacker could tune against.
 */
export type TapProofView = 'verified' | 'replayed' | 'unverified' | 'static';

export function tapProofViewOf(proof: TapProof, rejection?: TapRejection): TapProofView {
  if (proof !== 'unproven') return proof;
  // A secure card opened without the chip's message (a kept or typed link) proves no more than a plain one.
  if (rejection === 'missing') return 'static';
  return rejection === 'replayed' ? 'replayed' : 'unverified';
}

export const TAP_PROOF_MESSAGES = {
  verifiedBadge: 'Verified card · tapped just now',
  verifiedDetail: 'This card’s chip is genuine and was tapped just now.',
  replayed:
    'This link was opened before, so it cannot show that the card was tapped just now. Tap the card itself to verify it.',
  unverified:
    'This link could not be verified as coming from the card’s chip. Tap the card itself to verify it.',
  // The owner's alone: to a visitor, a plain card's link is simply the card's page, nothing to warn about.
  staticForOwner: 'Only you see this: a card link opened this page, so the tap was not verified.',
} as const;
