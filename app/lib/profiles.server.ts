import { type AppLoadContext, data, redirect, redirectDocument } from 'react-router';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import { TAP_PROOF_PARAM } from '../../common/tap-proof.ts';
import { AppError } from '../../server/errors.ts';
import { listAddresses } from '../../server/modules/addresses/service.ts';
import { listContacts } from '../../server/modules/contacts/service.ts';
import { insightsOf } from '../../server/modules/insights/summary.ts';
import { listOrders } from '../../server/modules/orders/service.ts';
import { numberedPage } from '../../server/modules/paging.ts';
import { cardCacheControl } from '../../server/modules/profiles/card-caching.ts';
import { printedAddress } from '../../server/modules/profiles/printed-address.ts';
import { isFormerName, viewCard, viewCardAtCode } from '../../server/modules/profiles/service.ts';
import { listClaimedCards } from '../../server/modules/registry/ownership/claims.ts';
import { requireUser } from './auth.server.ts';
import { pageError } from './route-error.ts';

/**
 * The signed-in user with their addresses, first page of orders, claimed cards and contacts (newest first),
 * their card's insights for the last 30 days, and a serial to claim from `?claim=` (a tapped, unclaimed card)
 * with the ticket a verified tap of a secure card gave (`?tap=`); or a redirect to /login.
 */
export async function loadOwnProfile(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const [addresses, orders, cards, contacts, insights] = await Promise.all([
    listAddresses(context.db, user.id),
    listOrders(context.db, user.id, 1, { cardPayments: context.cardPayments }),
    listClaimedCards(context.db, user.id, context.publicUrl),
    listContacts(context.db, user.id, { page: 1 }).then(numberedPage),
    insightsOf(context.db, user.id, 30),
  ]);
  const query = new URL(request.url).searchParams;
  const claimSerial = (query.get('claim') ?? '').slice(0, 20);
  const claimTicket = (query.get('tap') ?? '').slice(0, 64);
  // What the owner's QR code adds to their card's address: a scan of it counts as a QR visit.
  const qrVia = context.taps.signVia(user.username, { source: 'qr', card: null });
  return {
    user,
    addresses,
    orders,
    cards,
    contacts,
    insights,
    claimSerial,
    claimTicket,
    publicUrl: context.publicUrl,
    qrVia,
  };
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
    const url = new URL(request.url);
    // A name the owner gave up: for good to the page under the name they have now (decision 038).
    if (isFormerName(username ?? '', card.profile)) {
      throw redirect(`/profile/${card.profile.username}${url.search}`, {
        status: 301,
        headers: { 'Cache-Control': cardCacheControl(card) },
      });
    }
    // A tap's proof is this visitor's alone: the page that shows it (or refuses a crafted one) is never kept.
    const proofToken = url.searchParams.get(TAP_PROOF_PARAM);
    const tapProof =
      proofToken === null ? undefined : context.taps.readProof(proofToken, card.profile.username);
    return data(
      {
        profile: card.profile,
        private: card.private,
        publicUrl: context.publicUrl,
        cardUrl: printedAddress(context.publicUrl, card),
        tapProof,
      },
      {
        headers: { 'Cache-Control': proofToken === null ? cardCacheControl(card) : 'private, no-store' },
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw pageError(404, USER_NOT_FOUND);
    throw error;
  }
}

/**
 * A card's permanent address (`/p/{code}`, printed on its cards): a temporary redirect to its page under the
 * name it has now, never kept (the name may change). A private card is the same 404 as an unknown code to
 * anyone but its owner.
 */
export async function loadCardAddress(context: AppLoadContext, code: string | undefined, request: Request) {
  const viewer = context.sessionToken ? await context.sessions.userOf(context.sessionToken) : undefined;
  let username: string;
  try {
    username = (await viewCardAtCode(context.db, code ?? '', viewer?.id)).profile.username;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw pageError(404, USER_NOT_FOUND);
    throw error;
  }
  const { search } = new URL(request.url);
  throw redirectDocument(`/profile/${username}${search}`, { headers: { 'Cache-Control': 'no-store' } });
}
