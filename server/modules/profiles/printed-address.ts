import type { UserRow } from '../../db/schema/index.ts';

/** What `users.card_code` holds: 16 lowercase hex digits, drawn at random by the database. */
export const CARD_CODE = /^[0-9a-f]{16}$/;

/** The path of an account's permanent address; it leads to the card page under whatever name it has then. */
export function printedPath(account: Pick<UserRow, 'cardCode'>): string {
  return `/p/${account.cardCode}`;
}

/**
 * The address printed for this account: on its cards' QR codes, in its contact card's QR code and in what
 * its card page shares. It never changes and never leads to another account (decision 038), where a
 * `/profile/{username}` address says a name its owner may change.
 */
export function printedAddress(publicUrl: string, account: Pick<UserRow, 'cardCode'>): string {
  return new URL(printedPath(account), publicUrl).href;
}
