import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough to sign in or create an account after the tap; a kept ticket is not a tap. */
const TICKET_LIFETIME_SECONDS = 30 * 60;
/** Another process's clock may run a little ahead. */
const CLOCK_SKEW_SECONDS = 5;

/** Which card and which client a ticket is for: it claims nothing else, from nowhere else. */
interface ClaimTicketSubject {
  serial: string;
  client: string;
}

function macOf(secret: string, issuedAt: string, subject: ClaimTicketSubject): string {
  return createHmac('sha256', secret)
    .update(`claim-ticket\n${issuedAt}\n${subject.serial}\n${subject.client}`)
    .digest('base64url')
    .slice(0, 22);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * What a verified tap of an unclaimed secure card hands the tapping browser: `{issued at}.{HMAC}` over the
 * card and the client, keyed by the session secret. Claiming a secure card needs one (decision 040): its
 * printed serial is on the card for anyone who saw it.
 */
export function signClaimTicket(secret: string, subject: ClaimTicketSubject, now = nowSeconds()): string {
  const issuedAt = now.toString(36);
  return `${issuedAt}.${macOf(secret, issuedAt, subject)}`;
}

/** Whether a ticket was signed for this card and client within its lifetime. */
export function claimTicketValid(
  secret: string,
  ticket: string,
  subject: ClaimTicketSubject,
  now = nowSeconds(),
): boolean {
  const [issuedAt, mac, ...rest] = ticket.split('.');
  if (!issuedAt || !mac || rest.length > 0 || !/^[0-9a-z]{1,10}$/.test(issuedAt)) return false;
  const age = now - Number.parseInt(issuedAt, 36);
  if (!(age >= -CLOCK_SKEW_SECONDS && age <= TICKET_LIFETIME_SECONDS)) return false;
  const expected = Buffer.from(macOf(secret, issuedAt, subject));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
