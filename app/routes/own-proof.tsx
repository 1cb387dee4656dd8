import { redirectToOwnProof } from '../lib/proofs.server';
import type { Route } from './+types/own-proof';

/** "Review proof" on /profile: on to the proof page through a fresh link (the signed-in owner only). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return redirectToOwnProof(request, context, params.id);
}
