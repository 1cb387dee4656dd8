import { type AppLoadContext, redirect } from 'react-router';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { CARD_DEACTIVATED } from '../../common/messages/verification';
import { tapTarget } from '../../server/modules/registry/service.ts';
import { pageError } from './route-error.ts';

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
      throw pageError(404, CARD_NOT_FOUND);
    case 'blocked':
      throw pageError(410, CARD_DEACTIVATED);
    default:
      return target;
  }
}
