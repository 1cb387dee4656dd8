import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account, or opened its unlock link, keeps this signed cookie (OWASP's
 * "device cookie"): the per-account lock that stops guesses from everywhere else does not apply to it.
 * The password is still needed, and its guesses have their own small limit (by the cookie's nonce).
 */
export const DEVICE_COOKIE = 'trusted_device';
export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
/** Only the sign-in calls read it. */
export const DEVICE_COOKIE_PATH = '/api/auth/';

export interface TrustedDevice {
  userId: number;
  /** Names this cookie for its own limit: a stolen cookie cannot guess from many addresses unchecked. */
  nonce: string;
}

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`device:${body}`).digest();
}

export function deviceCookie(secret: string, userId: number): string {
  const body = `${userId}.${Math.floor(Date.now() / 1000)}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** The cookie's account and nonce when the signature holds and it has not outlived DEVICE_LIFETIME_MS. */
export function readDeviceCookie(secret: string, value: string | undefined): TrustedDevice | undefined {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return undefined;
  const [, userId = '', issued = '', nonce = '', given = ''] = match;
  const expected = signature(secret, `${userId}.${issued}.${nonce}`);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  if (Number(issued) * 1000 + DEVICE_LIFETIME_MS < Date.now()) return undefined;
  return { userId: Number(userId), nonce };
}
