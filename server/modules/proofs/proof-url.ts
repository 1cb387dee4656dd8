import type { ProofDeps } from './deps.ts';
import { signProofToken } from './proof-token.ts';

/** The page a customer opens to review a proof: the signed token is its only authority. */
export function proofUrl(
  deps: Pick<ProofDeps, 'publicUrl' | 'secret'>,
  proof: { id: number; version: number },
): string {
  return `${deps.publicUrl}/proof/${signProofToken(deps.secret, { proofId: proof.id, version: proof.version })}`;
}
