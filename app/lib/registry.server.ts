import { type AppLoadContext, redirectDocument } from 'react-router';
import { CARD_LIFE_MESSAGES } from '../../common/messages/card-life';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { TOO_MANY_ATTEMPTS } from '../../common/messages/rate-limit';
import type { TapProofView } from '../../common/messages/tap-proof';
import { TEAM_CLAIM_MESSAGES } from '../../common/messages/team-claims';
import { CARD_DEACTIVATED } from '../../common/messages/verification';
import { TAP_PROOF_PARAM } from '../../common/tap-proof.ts';
import { VIA_PARAM } from '../../common/visit-source';
import { teamCardOffer } from '../../server/modules/personalisation/team-claims.ts';
import { transferOffer } from '../../server/modules/registry/ownership/transfers.ts';
import { pageError } from './route-error.ts';

/**
 * The owner's page, saying which card was tapped (counted as the view's source) and, signed for this
 * visitor, what the tap proved (shown for a moment, uncached); the page's script strips both.
 */
function tappedProfile(
  context: AppLoadContext,
  target: { username: string; serial: string },
  proof: TapProofView,
): string {
  const via = context.taps.signVia(target.username, { source: 'tap', card: target.serial });
  const signed = context.taps.signProof(proof, target.username, target.serial);
  return `/profile/${target.username}?${VIA_PARAM}=${encodeURIComponent(via)}&${TAP_PROOF_PARAM}=${encodeURIComponent(signed)}`;
}

/**
 * A tap on a card (`/c/{serial}`, the URL on its chip, with a secure chip's message `?e=&c=`): verified and
 * recorded, then straight to the owner's public profile, an invitation to claim an unclaimed card, or a calm
 * "reported lost" page that names no one; unknown serials are 404 and blocked ones 410. A private profile's
 * card is the same 404 to everyone but its owner.
 */
export async function loadTap(context: AppLoadContext, serial: string | undefined, search: URLSearchParams) {
  const { target, proof = 'static', claimTicket } = await context.taps.tap(serial ?? '', search);
  switch (target.kind) {
    case 'profile':
      throw redirectDocument(tappedProfile(context, target, proof));
    case 'private': {
      const viewer = await context.sessions.userOf(context.sessionToken);
      if (viewer?.id === target.ownerId) throw redirectDocument(tappedProfile(context, target, proof));
      throw pageError(404, CARD_NOT_FOUND);
    }
    case 'unknown':
      throw pageError(404, CARD_NOT_FOUND);
    case 'limited':
      throw pageError(429, TOO_MANY_ATTEMPTS);
    case 'blocked':
      throw pageError(410, CARD_DEACTIVATED);
    case 'unclaimed':
      return { ...target, proof, claimTicket };
    default:
      return target;
  }
}

/**
 * The page of a transfer link: the offer, and who is signed in (to accept it, or to be told to switch
 * accounts). An unknown, used, expired or cancelled link is a 404 saying so.
 */
export async function loadTransfer(context: AppLoadContext, token: string | undefined) {
  const offer = await transferOffer(context.db, token ?? '');
  if (!offer) throw pageError(404, CARD_LIFE_MESSAGES.transferInvalid);
  const viewer = await context.sessions.userOf(context.sessionToken);
  return { offer, viewerEmail: viewer?.email ?? null };
}

/** A Team Pack member's card behind their mailed link, and who is looking (the page's button depends on it). */
export async function loadTeamCard(context: AppLoadContext, token: string | undefined) {
  const found = await teamCardOffer(context.db, token ?? '');
  if (!found) throw pageError(404, TEAM_CLAIM_MESSAGES.invalid);
  const viewer = await context.sessions.userOf(context.sessionToken);
  const { ownerId, hasAccount, ...rest } = found;
  // Only a signed-out visitor is sent to a tab by it; a signed-in one learns nothing about another address.
  const card = { ...rest, hasAccount: viewer ? false : hasAccount };
  return {
    card,
    viewer: viewer ? { email: viewer.email, owns: card.claimed && viewer.id === ownerId } : null,
  };
}
