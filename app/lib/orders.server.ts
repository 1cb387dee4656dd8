import type { AppLoadContext } from 'react-router';
import { idParam } from '../../server/http/id-param.ts';
import { listAddresses } from '../../server/modules/addresses/service.ts';
import { getOrder } from '../../server/modules/orders/service.ts';
import { requireUser } from './auth.server.ts';

/** Checkout needs the signed-in user's addresses, newest first (the newest is chosen at first). */
export async function loadCheckout(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  return { addresses: await listAddresses(context.db, user.id) };
}

/** The order just placed (from `?order=`), when it is the user's own; otherwise the page says thanks alone. */
export async function loadOrderSuccess(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const id = idParam.safeParse(new URL(request.url).searchParams.get('order') ?? '');
  if (!id.success) return { order: null };
  return { order: await getOrder(context.db, user.id, id.data).catch(() => null) };
}
