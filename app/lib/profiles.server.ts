import { type AppLoadContext, data } from 'react-router';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import { TAP_PROOF_PARAM } from '../../common/tap-proof.ts';
import { AppError } from '../../server/errors.ts';
import { listAddresses } from '../../server/modules/addresses/service.ts';
import { listContacts } from '../../server/modules/contacts/service.ts';
import { insightsOf } from '../../server/modules/insights/summary.ts';
import { listOrders } from '../../server/modules/orders/service.ts';
import { numberedPage } from '../../server/modules/paging.ts';
import { cardCacheControl } from '../../server/modules/profiles/card-caching.ts';
import { viewCard } from '../../server/modules/profiles/service.ts';
import { listClaimedCards } from '../../server/modules/registry/service.ts';
import { requireUser } from './auth.server.ts';
import { pageError } from './route-error.ts';

/**
 * The signed-in user with their addresses, first page of orders, claimed cards and contacts (newest first),
 * their card's insights for the last 30 days, and a serial to claim from `?claim=` (a tapped, unclaimed card);
 * or a redirect to /login.
 */
export async function loadOwnProfile(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const [addresses, orders, cards, contacts, insights] = await Promise.all([
    listAddresses(context.db, user.id),
    listOrders(context.db, user.id, 1),
    listClaimedCards(context.db, user.id, context.publicUrl),
    listContacts(context.db, user.id, { page: 1 }).then(numberedPage),
    insightsOf(context.db, user.id, 30),
  ]);
  const claimSerial = (new URL(request.url).searchParams.get('claim') ?? '').slice(0, 20);
  return { user, addresses, orders, cards, contacts, insights, claimSerial, publicUrl: context.publicUrl };
}

/**
 * The card page's data: the public view of a card, for its owner also a private one (anyone else gets the
 * 404 an unknown name gets). A private card's page must never be shared or stored, a public one is the
 * same for every visitor, owner included (the owner's bar is added in the browser), so the page cache
 * may keep it.
 */
export async function loadCardPage(context: AppLoadContext, username: string | undefined, request: Request) {
  const viewer = context.sessionToken ? await context.sessions.userOf(context.sessionToken) : undefined;
  try {
    const card = await viewCard(context.db, username ?? '', viewer?.id);
    // A tap's proof is this visitor's alone: the page that shows it (or refuses a crafted one) is never kept.
    const proofToken = new URL(request.url).searchParams.get(TAP_PROOF_PARAM);
    const tapProof =
      proofToken === null ? undefined : context.taps.readProof(proofToken, card.profile.username);
    return data(
      { profile: card.profile, private: card.private, publicUrl: context.publicUrl, tapProof },
      {
        headers: { 'Cache-Control': proofToken === null ? cardCacheControl(card) : 'private, no-store' },
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw pageError(404, USER_NOT_FOUND);
    throw error;
  }
}
