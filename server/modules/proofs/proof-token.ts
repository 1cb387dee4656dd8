import { createHmac, timingSafeEqual } from 'node:crypto';

/** A mailed proof link stays usable this long: the customer may take a holiday before answering. */
const PROOF_LINK_DAYS = 30;
const LIFETIME_SECONDS = PROOF_LINK_DAYS * 24 * 60 * 60;
/** Another process's clock may run a little ahead. */
const CLOCK_SKEW_SECONDS = 60;

interface ProofTokenSubject {
  proofId: number;
  version: number;
}

function macOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`order-proof\n${body}`).digest('base64url');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The token of a proof's link: `{proof id}.{version}.{issued at}.{HMAC}` in base 36, keyed by the session
 * secret (as tap proofs and device cookies are). Nothing is stored: the proof's row says whether it is still
 * open, so a superseded or answered proof's link shows its state instead of taking a decision.
 */
export function signProofToken(secret: string, subject: ProofTokenSubject, now = nowSeconds()): string {
  const body = `${subject.proofId.toString(36)}.${subject.version.toString(36)}.${now.toString(36)}`;
  return `${body}.${macOf(secret, body)}`;
}

/** The proof a token names when its signature holds and it is not older than PROOF_LINK_DAYS. */
export function readProofToken(
  secret: string,
  token: string,
  now = nowSeconds(),
): ProofTokenSubject | undefined {
  const match = /^([0-9a-z]{1,8})\.([0-9a-z]{1,4})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id = '', version = '', issued = '', given = ''] = match;
  const expected = Buffer.from(macOf(secret, `${id}.${version}.${issued}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  const age = now - Number.parseInt(issued, 36);
  if (!(age >= -CLOCK_SKEW_SECONDS && age <= LIFETIME_SECONDS)) return undefined;
  return { proofId: Number.parseInt(id, 36), version: Number.parseInt(version, 36) };
}
