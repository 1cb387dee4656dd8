import { type AppLoadContext, redirect } from 'react-router';
import { ORDER_MESSAGES } from '../../common/messages/orders';
import { PROOF_MESSAGES } from '../../common/messages/proofs';
import { idParam } from '../../server/http/id-param.ts';
import { requireUser } from './auth.server.ts';
import { pageError } from './route-error.ts';

/** The /proof page: the proof a link names, and whether its own customer is the one signed in. */
export async function loadProofPage(context: AppLoadContext, token: string | undefined) {
  const proof = await context.proofs.byToken(token ?? '');
  if (!proof) throw pageError(404, PROOF_MESSAGES.linkInvalid);
  const viewer = await context.sessions.userOf(context.sessionToken);
  const ownOrder = viewer ? (await context.proofs.ownLink(viewer.id, proof.order_id)) !== undefined : false;
  return { proof, signedInOwner: ownOrder };
}

/** "Review proof" on /profile: a fresh link to the newest proof of the user's own order (404 otherwise). */
export async function redirectToOwnProof(request: Request, context: AppLoadContext, id: string | undefined) {
  const user = await requireUser(request, context);
  const orderId = idParam.safeParse(id ?? '');
  if (!orderId.success) throw pageError(404, ORDER_MESSAGES.notFound);
  const link = await context.proofs.ownLink(user.id, orderId.data);
  if (!link) throw pageError(404, PROOF_MESSAGES.notSentYet);
  return redirect(link);
}
