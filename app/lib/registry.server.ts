import { type AppLoadContext, data, redirect } from 'react-router';
import { tapTarget } from '../../server/modules/registry/service.ts';

/**
 * A tap on a card (`/c/{serial}`, the URL on its chip): straight to the owner's public profile, or an
 * invitation to claim an unclaimed card; unknown serials are 404 and blocked ones 410.
 */
export async function loadTap(context: AppLoadContext, serial: string | undefined) {
  const target = await tapTarget(context.db, serial ?? '');
  switch (target.kind) {
    case 'profile':
      throw redirect(`/profile/${target.username}`);
    case 'unknown':
      throw data({ message: 'Card not found.' }, { status: 404 });
    case 'blocked':
      throw data({ message: 'This card has been deactivated.' }, { status: 410 });
    default:
      return target;
  }
}
