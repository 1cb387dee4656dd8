import { type AppLoadContext, data } from 'react-router';
import { AppError } from '../../server/errors.ts';
import { listAddresses } from '../../server/modules/addresses/service.ts';
import { listOrders } from '../../server/modules/orders/service.ts';
import { usernameField } from '../../server/modules/profiles/schemas.ts';
import { publicProfile, USER_NOT_FOUND } from '../../server/modules/profiles/service.ts';
import { requireUser } from './auth.server.ts';

/** The signed-in user, their addresses and first page of orders (newest first), or a redirect to /login. */
export async function loadOwnProfile(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const [addresses, orders] = await Promise.all([
    listAddresses(context.db, user.id),
    listOrders(context.db, user.id, 1),
  ]);
  return { user, addresses, orders, publicUrl: context.publicUrl };
}

/** A public profile by username; an unknown one is a 404 the route's ErrorBoundary shows. */
export async function loadPublicProfile(context: AppLoadContext, username: string | undefined) {
  const parsed = usernameField.safeParse(username ?? '');
  if (!parsed.success) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  try {
    return { profile: await publicProfile(context.db, parsed.data), publicUrl: context.publicUrl };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw data({ message: USER_NOT_FOUND }, { status: 404 });
    throw error;
  }
}
