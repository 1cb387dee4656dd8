import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { clearHits, hit, refundHit, tooManyAttempts } from '../../http/rate-limit.ts';
import { unlockMail } from '../../mail/unlock-mail.ts';
import type { AccountsDeps } from './deps.ts';
import { LIMITS } from './limits.ts';
import { accountStatus, usableAccount } from './status.ts';
import { consumeToken, decodeUid, encodeUid, issueToken } from './tokens.ts';
import type { TrustedDevice } from './trusted-device.ts';

/** What a login attempt counted, to give back when the password turns out right. */
interface Admission {
  settle(): Promise<void>;
}

async function mailUnlockLink(deps: AccountsDeps, user: UserRow): Promise<void> {
  if (accountStatus(user) !== 'active') return;
  const token = await issueToken(deps.db, user.id, 'unlock');
  const url = `${deps.publicUrl}/unlock/${encodeUid(user.id)}/${token}`;
  await deps.mailer.sendLater(unlockMail(user.email, user.firstName, url));
}

/**
 * Counts a login attempt against every limit before the password is looked at, narrowest first: this
 * account from this client, this client over all accounts (spraying), then this account from anywhere
 * (or, for a browser the owner trusted, that browser's own count). Each count is one atomic upsert, so
 * of N concurrent guesses exactly the limit's worth are evaluated. An attempt refused by a wider limit
 * stays counted in the narrower ones it passed.
 */
export async function admitLogin(
  deps: AccountsDeps,
  email: string,
  client: string,
  user: UserRow | undefined,
  device: TrustedDevice | undefined,
): Promise<Admission> {
  const pairKey = `login:${email}:${client}`;
  const pair = await hit(deps.db, pairKey, LIMITS.login);
  if (pair.count > LIMITS.login.max) throw tooManyAttempts(pair.retryAfterSeconds);

  const clientKey = `login-client:${client}`;
  const fromClient = await hit(deps.db, clientKey, LIMITS.loginClient);
  if (fromClient.count > LIMITS.loginClient.max) throw tooManyAttempts(fromClient.retryAfterSeconds);

  const trusted = user !== undefined && device?.userId === user.id;
  const wideKey = trusted ? `login-device:${device.nonce}` : `login-account:${email}`;
  const wideLimit = trusted ? LIMITS.login : LIMITS.loginAccount;
  const wide = await hit(deps.db, wideKey, wideLimit);
  if (wide.count > wideLimit.max) {
    if (trusted) throw tooManyAttempts(wide.retryAfterSeconds);
    // Exactly one attempt sees the count pass the limit: the owner gets one mail per window.
    if (wide.count === wideLimit.max + 1 && user) await mailUnlockLink(deps, user);
    throw tooManyAttempts(wide.retryAfterSeconds, ACCOUNT_MESSAGES.accountLocked);
  }

  return {
    async settle() {
      await clearHits(deps.db, pairKey);
      await refundHit(deps.db, clientKey, fromClient);
      await refundHit(deps.db, wideKey, wide);
    },
  };
}

/**
 * Uses up an unlock link and returns its account, which the route then marks this browser as trusted
 * for. The lock itself stays: only the browser that opened the link gets past it.
 */
export async function useUnlockLink(deps: AccountsDeps, uid: string, token: string): Promise<number> {
  const userId = decodeUid(uid);
  if (userId === undefined || !(await consumeToken(deps.db, userId, 'unlock', token))) {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidUnlock);
  }
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), usableAccount()));
  if (!user) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidUnlock);
  return user.id;
}
