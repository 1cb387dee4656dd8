import type { AppLoadContext } from 'react-router';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import { AppError } from '../../server/errors.ts';
import { listAddresses } from '../../server/modules/addresses/service.ts';
import { listOrders } from '../../server/modules/orders/service.ts';
import { usernameField } from '../../server/modules/profiles/schemas.ts';
import { publicProfile } from '../../server/modules/profiles/service.ts';
import { listClaimedCards } from '../../server/modules/registry/service.ts';
import { requireUser } from './auth.server.ts';
import { pageError } from './route-error.ts';

/**
 * The signed-in user with their addresses, first page of orders and claimed cards (newest first), and a
 * serial to claim from `?claim=` (a tapped, unclaimed card); or a redirect to /login.
 */
export async function loadOwnProfile(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const [addresses, orders, cards] = await Promise.all([
    listAddresses(context.db, user.id),
    listOrders(context.db, user.id, 1),
    listClaimedCards(context.db, user.id, context.publicUrl),
  ]);
  const claimSerial = (new URL(request.url).searchParams.get('claim') ?? '').slice(0, 20);
  return { user, addresses, orders, cards, claimSerial, publicUrl: context.publicUrl };
}

/** A public profile by username; an unknown one is a 404 the route's ErrorBoundary shows. */
export async function loadPublicProfile(context: AppLoadContext, username: string | undefined) {
  const parsed = usernameField.safeParse(username ?? '');
  if (!parsed.success) throw pageError(404, USER_NOT_FOUND);
  try {
    return { profile: await publicProfile(context.db, parsed.data), publicUrl: context.publicUrl };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw pageError(404, USER_NOT_FOUND);
    throw error;
  }
}
