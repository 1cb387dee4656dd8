import { and, isNotNull, isNull } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema/index.ts';

/** An account is usable once its owner proved the address, for as long as the firm has not disabled it. */
export const ACCOUNT_STATUSES = ['unverified', 'active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function accountStatus(row: Pick<UserRow, 'emailVerifiedAt' | 'disabledAt'>): AccountStatus {
  if (row.disabledAt) return 'disabled';
  return row.emailVerifiedAt ? 'active' : 'unverified';
}

/** The same rule as a query condition: sessions, public profiles and tap links see only usable accounts. */
export function usableAccount() {
  return and(isNotNull(users.emailVerifiedAt), isNull(users.disabledAt));
}
