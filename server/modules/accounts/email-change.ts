import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_MESSAGES } from '../../../common/messages/accounts.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { publishCardPages } from '../../http/card-page-changes.ts';
import {
  accountSecuredMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  emailInUseMail,
  passwordChangedMail,
} from '../../mail/templates.ts';
import type { AccountsDeps } from './deps.ts';
import { mailAllowed } from './mail-throttle.ts';
import { consumeToken, decodeUid, encodeUid, issueToken, revokeTokens } from './tokens.ts';

/** What a change of the account's address or password needs: the accounts deps and the page caches. */
export interface AccountChangeDeps extends AccountsDeps {
  publish(topic: string): Promise<void>;
}

async function secureLink(deps: AccountsDeps, user: UserRow): Promise<string> {
  // The address the notice goes to travels with the link: "this wasn't me" brings it back.
  const token = await issueToken(deps.db, user.id, 'secure', user.email);
  return `${deps.publicUrl}/secure-account/${encodeUid(user.id)}/${token}`;
}

/**
 * The signed-in owner (current password already checked) asks to move the account to `newEmail`. The
 * address changes only when the link mailed there is opened; the current address hears of it with a
 * "this wasn't me" link. The caller answers the same whether or not `newEmail` is taken: a taken address
 * gets a "someone tried to use your address" mail instead, after the answer (so timing tells nothing).
 */
export async function requestEmailChange(deps: AccountsDeps, user: UserRow, newEmail: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ pendingEmail: newEmail, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  // A link for an earlier request stops working, whichever address this one is for.
  await revokeTokens(deps.db, user.id, ['email_change']);
  deps.afterAnswer.run('e-mail change', async () => {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, user.id)))
      .limit(1);
    if (taken) {
      if (await mailAllowed(deps.db, 'in-use', newEmail))
        await deps.mailer.sendLater(emailInUseMail(newEmail));
    } else {
      const token = await issueToken(deps.db, user.id, 'email_change', newEmail);
      const url = `${deps.publicUrl}/confirm-email/${encodeUid(user.id)}/${token}`;
      await deps.mailer.sendLater(emailChangeConfirmMail(newEmail, user.firstName, url));
    }
    await deps.mailer.sendLater(
      emailChangeNoticeMail(user.email, user.firstName, newEmail, await secureLink(deps, user)),
    );
  });
}

/** The owner changed their mind before confirming: the pending address and its link are dropped. */
export async function cancelEmailChange(deps: AccountsDeps, userId: number): Promise<void> {
  await deps.db.update(users).set({ pendingEmail: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await revokeTokens(deps.db, userId, ['email_change']);
}

/** Opens the link mailed to the new address: the address becomes the account's (verified) e-mail. */
export async function confirmEmailChange(
  deps: AccountChangeDeps,
  uid: string,
  token: string,
): Promise<string> {
  const userId = decodeUid(uid);
  const used = userId !== undefined ? await consumeToken(deps.db, userId, 'email_change', token) : undefined;
  const address = used?.payload;
  if (!address || userId === undefined)
    throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidConfirm);
  let changed: UserRow | undefined;
  try {
    [changed] = await deps.db
      .update(users)
      .set({
        email: address,
        pendingEmail: null,
        emailVerifiedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      // Only the address still asked for: a change taken back or replaced since leaves the link void.
      .where(and(eq(users.id, userId), eq(users.pendingEmail, address), isNull(users.disabledAt)))
      .returning();
  } catch (error) {
    // Taken by another account since the request: only the holder of this address learns it.
    if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_CHANGE_MESSAGES.taken);
    throw error;
  }
  if (!changed) throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidConfirm);
  // Links mailed to the old address stop working; "this wasn't me" links stay.
  await revokeTokens(deps.db, userId, ['reset', 'activate']);
  await publishCardPages(deps, changed.username);
  return changed.email;
}

/** Tells the account's address that its password changed, with a "this wasn't me" link. */
export async function notifyPasswordChange(
  deps: AccountsDeps,
  user: UserRow,
  how: 'changed' | 'reset',
): Promise<void> {
  await deps.mailer.sendLater(
    passwordChangedMail(user.email, user.firstName, how, await secureLink(deps, user)),
  );
}

/**
 * "This wasn't me": ends every session, cancels a pending change, brings back the address the notice
 * went to (when no other account has taken it since), makes the current password useless, and mails a
 * reset link to that address. Returns the address.
 */
export async function secureAccount(deps: AccountChangeDeps, uid: string, token: string): Promise<string> {
  const userId = decodeUid(uid);
  const used = userId !== undefined ? await consumeToken(deps.db, userId, 'secure', token) : undefined;
  if (!used?.payload || userId === undefined) {
    throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidSecure);
  }
  const address = used.payload;
  const secured = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.disabledAt) return undefined;
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, address), ne(users.id, userId)));
    const [row] = await tx
      .update(users)
      .set({
        email: holder ? user.email : address,
        pendingEmail: null,
        // No argon2 hash looks like this: no password matches until the owner sets a new one.
        passwordHash: '!secured',
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
  if (!secured) throw new AppError('bad_request', EMAIL_CHANGE_MESSAGES.invalidSecure);
  await revokeTokens(deps.db, userId, ['email_change', 'reset', 'activate']);
  await deps.sessions.destroyAllOf(userId);
  const resetToken = await issueToken(deps.db, userId, 'reset');
  const resetUrl = `${deps.publicUrl}/reset-password/${encodeUid(userId)}/${resetToken}`;
  await deps.mailer.sendLater(accountSecuredMail(secured.email, secured.firstName, resetUrl));
  await publishCardPages(deps, secured.username);
  return secured.email;
}
