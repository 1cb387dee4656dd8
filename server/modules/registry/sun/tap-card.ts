import { type TapProofView, tapProofViewOf } from '../../../../common/messages/tap-proof.ts';
import type { Visit } from '../../../../common/visit-source.ts';
import type { Sessions } from '../../accounts/sessions.ts';
import { signVia } from '../../insights/signed-via.ts';
import { type TapTarget, throttledTapTarget } from '../verification/tap-target.ts';
import { countVerification } from '../verification/verification-count.ts';
import { signClaimTicket } from './claim-ticket.ts';
import { readTapProof, signTapProof } from './tap-proof-token.ts';
import { type Tapper, type TapVerificationDeps, verifyTap } from './tap-verification.ts';

interface TapRequest {
  /** The serial in the link's path. */
  code: string;
  /** The link's query: a secure chip's message, if any. */
  search: URLSearchParams;
  tapper: Tapper;
  /** The signed-in viewer's id, asked only when it matters (a fresh tap of a claimed card). */
  viewerId(): Promise<number | undefined>;
}

/** Where a tap leads and what it proved (undefined for a serial the registry does not know: nothing to prove). */
interface TapOutcome {
  target: TapTarget;
  proof: TapProofView | undefined;
  /** For a verified tap of an unclaimed card: what lets this client claim it (claim-ticket.ts). */
  claimTicket?: string;
}

/**
 * A tap of `/c/{serial}`: where it leads, verified and recorded (common/tap-proof.ts). A fresh secure tap
 * counts toward the card's x/5 (once per network, ever), except its owner's own taps, which prove nothing to
 * anyone else. Unknown serials are not recorded: nothing to record them against.
 */
async function tapCard(deps: CardTapsDeps, request: TapRequest): Promise<TapOutcome> {
  const { target, chip } = await throttledTapTarget(deps.db, request.code, request.tapper.client);
  if (!chip) return { target, proof: undefined };
  const verdict = await verifyTap(deps, chip, request.search, request.tapper);
  if (verdict.proof === 'verified') {
    // Off the tap's path: the redirect does not wait for the count (nor for who the viewer is).
    await deps.later(async () => {
      const own = chip.ownerId !== null && (await request.viewerId()) === chip.ownerId;
      if (!own) await countVerification(deps.db, chip.id, request.tapper.network, 'chip');
    });
  }
  const proof = tapProofViewOf(verdict.proof, verdict.proof === 'unproven' ? verdict.rejection : undefined);
  if (verdict.proof === 'verified' && target.kind === 'unclaimed') {
    const claimTicket = signClaimTicket(deps.secret, { serial: chip.serial, client: request.tapper.client });
    return { target, proof, claimTicket };
  }
  return { target, proof };
}

interface CardTapsDeps extends TapVerificationDeps {
  /** Runs a tap's follow-up work (its x/5 count) after the answer; tests may run it before. */
  later(task: () => Promise<void>): void | Promise<void>;
  /** Signs and checks the card page's proof parameter (the session secret). */
  secret: string;
  sessions: Pick<Sessions, 'userOf'>;
}

/** One visitor's taps, as the page loaders use them (app/lib/context.ts `taps`). */
export function cardTaps(deps: CardTapsDeps, visitor: Tapper & { sessionToken: string | undefined }) {
  const tapper = { client: visitor.client, network: visitor.network };
  return {
    tap: (code: string, search: URLSearchParams) =>
      tapCard(deps, {
        code,
        search,
        tapper,
        viewerId: async () => (await deps.sessions.userOf(visitor.sessionToken))?.id,
      }),
    signProof: (view: TapProofView, username: string, serial: string) =>
      signTapProof(deps.secret, view, { username, serial, client: visitor.client }),
    signVia: (username: string, visit: Visit) => signVia(deps.secret, username, visit),
    readProof: (token: string, username: string) =>
      readTapProof(deps.secret, token, { username, client: visitor.client }),
  };
}

export type CardTaps = ReturnType<typeof cardTaps>;
