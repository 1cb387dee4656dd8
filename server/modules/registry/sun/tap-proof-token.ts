import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TapProofView } from '../../../../common/messages/tap-proof.ts';

/** How long a tap's proof shows on the card page: the redirect is followed at once; a kept link is not a tap. */
const PROOF_LIFETIME_SECONDS = 120;
/** Another process's clock may run a little ahead. */
const CLOCK_SKEW_SECONDS = 5;

const CODES: Record<TapProofView, string> = { verified: 'v', replayed: 'r', unverified: 'u', static: 's' };
const VIEWS = new Map(Object.entries(CODES).map(([view, code]) => [code, view as TapProofView]));

/** Whose page, which card and which client the proof is for: a proof shows nowhere else. */
interface TapProofSubject {
  username: string;
  serial: string;
  client: string;
}

function macOf(secret: string, code: string, issuedAt: string, subject: TapProofSubject): string {
  return createHmac('sha256', secret)
    .update(`tap-proof\n${code}\n${issuedAt}\n${subject.serial}\n${subject.username}\n${subject.client}`)
    .digest('base64url')
    .slice(0, 22);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The proof parameter a tap's redirect carries: `{code}.{serial}.{issued at}.{HMAC}`, keyed by the session
 * secret over the page's owner, the card, the client and the time, so a crafted, forwarded or kept one shows
 * nothing.
 */
export function signTapProof(
  secret: string,
  view: TapProofView,
  subject: TapProofSubject,
  now = nowSeconds(),
): string {
  const code = CODES[view];
  const issuedAt = now.toString(36);
  return `${code}.${subject.serial}.${issuedAt}.${macOf(secret, code, issuedAt, subject)}`;
}

/** The view a proof parameter signed for this page and client shows, or undefined for any other. */
export function readTapProof(
  secret: string,
  token: string,
  subject: Omit<TapProofSubject, 'serial'>,
  now = nowSeconds(),
): TapProofView | undefined {
  if (token.length > 80) return undefined;
  const [code, serial, issuedAt, mac, ...rest] = token.split('.');
  if (!code || !serial || !issuedAt || !mac || rest.length > 0) return undefined;
  const view = VIEWS.get(code);
  if (!view || !/^[0-9a-z]{1,10}$/.test(issuedAt)) return undefined;
  const age = now - Number.parseInt(issuedAt, 36);
  if (!(age >= -CLOCK_SKEW_SECONDS && age <= PROOF_LIFETIME_SECONDS)) return undefined;
  const expected = Buffer.from(macOf(secret, code, issuedAt, { ...subject, serial }));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return view;
}
