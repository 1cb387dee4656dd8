import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enforceLimit } from '../../http/rate-limit.ts';
import { activationMail, alreadyRegisteredMail, resetMail } from '../../mail/templates.ts';
import type { AccountsDeps } from './deps.ts';
import { notifyPasswordChange } from './email-change.ts';
import { LIMITS } from './limits.ts';
import { admitLogin } from './login-throttle.ts';
import { mailAllowed } from './mail-throttle.ts';
import { burnVerifyTime, hashPassword, rejectWeakPassword, verifyPassword } from './passwords.ts';
import { consumeToken, decodeUid, encodeUid, issueToken } from './tokens.ts';
import type { TrustedDevice } from './trusted-device.ts';
import { freeUsername, recordUsername, usernameBase } from './usernames.ts';

/** Mails a new activation link, unless one went to this address in the last 10 minutes. */
async function sendActivation(deps: AccountsDeps, user: UserRow, next?: string): Promise<void> {
  if (await mailAllowed(deps.db, 'registration', user.email)) await mailActivation(deps, user, next);
}

/** Mails a new activation link; the caller holds the address's mail allowance. */
async function mailActivation(deps: AccountsDeps, user: UserRow, next?: string): Promise<void> {
  const token = await issueToken(deps.db, user.id, 'activate');
  const query = next ? `?${new URLSearchParams({ next })}` : '';
  const url = `${deps.publicUrl}/activate/${encodeUid(user.id)}/${token}${query}`;
  const cardPage = `${deps.publicUrl}/profile/${user.username}`;
  await deps.mailer.sendLater(activationMail(user.email, user.firstName, url, cardPage));
}

/** A new account, whose username is its own for good from now on. */
async function insertAccount(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('The account was not created');
    await recordUsername(tx, user.id, user.username);
    return user;
  });
}

interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  /** A same-site path to return to after the first login. */
  next?: string;
}

/**
 * Answers before any account-specific work: the limit, the password rules and the hash are the same for
 * every address, and what differs (a new account and its activation mail, or a "you already have an
 * account" mail to a taken address) runs after the answer, so neither the answer nor its timing tells
 * whether the address has an account.
 */
export async function register(deps: AccountsDeps, input: RegisterInput, client: string): Promise<void> {
  await enforceLimit(deps.db, `register:${client}`, LIMITS.register);
  await rejectWeakPassword(input.password, [`${input.first_name} ${input.last_name}`, input.email]);
  const passwordHash = await hashPassword(input.password);
  deps.afterAnswer.run('registration', () => createAccount(deps, input, passwordHash));
}

async function createAccount(deps: AccountsDeps, input: RegisterInput, passwordHash: string): Promise<void> {
  const [existing] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    if (await mailAllowed(deps.db, 'registration', existing.email)) {
      await deps.mailer.sendLater(
        alreadyRegisteredMail(existing.email, `${deps.publicUrl}/login`, `${deps.publicUrl}/forgot-password`),
      );
    }
    return;
  }
  // The allowance is taken before the account exists: a registration of the same address running alongside
  // then finds the account with the allowance spent, and cannot send "you already have an account" in place
  // of the activation link.
  const mail = await mailAllowed(deps.db, 'registration', input.email);
  const base = usernameBase(input.first_name, input.last_name);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const user = await insertAccount(deps.db, {
        username: await freeUsername(deps.db, base),
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
      });
      if (mail) await mailActivation(deps, user, input.next);
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: for the e-mail, the account now exists (same answer), and its activation link goes
      // with this allowance if this registration holds it; for the username, try the next.
      const [raced] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      if (raced) {
        if (mail && !raced.emailVerifiedAt) await mailActivation(deps, raced, input.next);
        return;
      }
    }
  }
  throw new Error('Could not find a free username');
}

/** Answers the activated address, which the login form is filled with. */
export async function activate(deps: AccountsDeps, uid: string, token: string): Promise<{ email: string }> {
  const userId = decodeUid(uid);
  if (userId === undefined || !(await consumeToken(deps.db, userId, 'activate', token))) {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidActivation);
  }
  // A disabled account stays disabled: its link answers like any used or expired one.
  const activated = await deps.db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), isNull(users.disabledAt)))
    .returning({ email: users.email });
  const [account] = activated;
  if (!account) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidActivation);
  return account;
}

/**
 * Wrong password, unknown e-mail and inactive account all get the same 400 in similar time. Every attempt
 * is counted before the password is checked (login-throttle.ts); beyond a limit it is a 429 unchecked.
 */
export async function login(
  deps: AccountsDeps,
  input: { email: string; password: string },
  client: string,
  device?: TrustedDevice,
): Promise<{ user: UserRow; sessionToken: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const admission = await admitLogin(deps, input.email, client, user, device);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
  else await burnVerifyTime(input.password);
  if (!user || !passwordOk) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidLogin);
  await admission.settle();
  // A disabled account hears exactly what a wrong password hears, and gets no mail.
  if (user.disabledAt) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidLogin);
  if (!user.emailVerifiedAt) {
    await sendActivation(deps, user);
    throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidLogin);
  }
  await deps.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  return { user, sessionToken: await deps.sessions.create(user.id) };
}

/**
 * Always the same answer, given before any account-specific work (as register does); a link goes out
 * only to an account that exists and is not disabled, at most once per address per 10 minutes.
 */
export async function forgotPassword(deps: AccountsDeps, email: string, client: string): Promise<void> {
  await enforceLimit(deps.db, `forgot-password:${client}`, LIMITS.forgotPassword);
  deps.afterAnswer.run('password reset', async () => {
    const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.disabledAt || !(await mailAllowed(deps.db, 'reset', user.email))) return;
    const token = await issueToken(deps.db, user.id, 'reset');
    const url = `${deps.publicUrl}/reset-password/${encodeUid(user.id)}/${token}`;
    await deps.mailer.sendLater(resetMail(user.email, user.firstName, url));
  });
}

/**
 * Sets a new password with a reset link, which also proves the e-mail, ends every session of the user and
 * tells the account's address. A disabled account's link answers like an expired one. The password is
 * checked before the link is used up.
 */
export async function resetPassword(
  deps: AccountsDeps,
  uid: string,
  token: string,
  password: string,
): Promise<void> {
  const userId = decodeUid(uid);
  const [owner] =
    userId === undefined ? [] : await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  await rejectWeakPassword(password, owner ? [`${owner.firstName} ${owner.lastName}`, owner.email] : []);
  if (userId === undefined || !(await consumeToken(deps.db, userId, 'reset', token))) {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidReset);
  }
  const [changed] = await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning();
  if (!changed) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidReset);
  await deps.sessions.destroyAllOf(userId);
  await notifyPasswordChange(deps, changed, 'reset');
}

/** `npm run admin:create`: a new active admin, or an existing account promoted (and given this password). */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<'created' | 'promoted'> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        disabledAt: null,
        disabledBy: null,
        disabledReason: '',
        passwordHash,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  const firstName = input.firstName ?? 'Admin';
  const lastName = input.lastName ?? '';
  await insertAccount(db, {
    username: await freeUsername(db, usernameBase(firstName, lastName || 'user')),
    email: input.email,
    passwordHash,
    firstName,
    lastName,
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  return 'created';
}
