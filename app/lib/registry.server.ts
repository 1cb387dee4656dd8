import { type AppLoadContext, redirectDocument } from 'react-router';
import { CARD_LIFE_MESSAGES } from '../../common/messages/card-life';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { CARD_DEACTIVATED } from '../../common/messages/verification';
import { VIA_PARAM, viaOf } from '../../common/visit-source';
import { tapTarget } from '../../server/modules/registry/service.ts';
import { transferOffer } from '../../server/modules/registry/transfers.ts';
import { pageError } from './route-error.ts';

/** The owner's page, saying which card was tapped (counted as the view's source; the page strips it). */
function tappedProfile(target: { username: string; serial: string }): string {
  const via = viaOf({ source: 'tap', card: target.serial });
  return `/profile/${target.username}?${VIA_PARAM}=${encodeURIComponent(via ?? '')}`;
}

/**
 * A tap on a card (`/c/{serial}`, the URL on its chip): straight to the owner's public profile, an
 * invitation to claim an unclaimed card, or a calm "reported lost" page that names no one; unknown serials
 * are 404 and blocked ones 410. A private profile's card is the same 404 to everyone but its owner.
 */
export async function loadTap(context: AppLoadContext, serial: string | undefined) {
  const target = await tapTarget(context.db, serial ?? '');
  switch (target.kind) {
    case 'profile':
      throw redirectDocument(tappedProfile(target));
    case 'private': {
      const viewer = await context.sessions.userOf(context.sessionToken);
      if (viewer?.id === target.ownerId) throw redirectDocument(tappedProfile(target));
      throw pageError(404, CARD_NOT_FOUND);
    }
    case 'unknown':
      throw pageError(404, CARD_NOT_FOUND);
    case 'blocked':
      throw pageError(410, CARD_DEACTIVATED);
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
