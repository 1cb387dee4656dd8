import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import type { OwnedLink } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AfterAnswer } from '../../http/after-answer.ts';
import { enforceLimit } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/index.ts';
import { activationMail, alreadyRegisteredMail, resetMail } from '../../mail/templates.ts';
import { linksOf } from '../profiles/links.ts';
import { notifyPasswordChange } from './email-change.ts';
import { admitLogin } from './login-throttle.ts';
import { mailAllowed } from './mail-throttle.ts';
import { burnVerifyTime, hashPassword, rejectWeakPassword, verifyPassword } from './passwords.ts';
import type { User } from './responses.ts';
import type { Sessions } from './sessions.ts';
import { consumeToken, decodeUid, encodeUid, issueToken } from './tokens.ts';
import type { TrustedDevice } from './trusted-device.ts';

export const LIMITS = {
  /** Failed logins per account and address (decisions: 5 in 15 minutes). */
  login: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Failed logins per client over all accounts: one address spraying a password (decision 016). */
  loginClient: { max: 30, windowMs: 15 * 60 * 1000 },
  /** Failed logins per account from every address but the owner's trusted browsers (decision 016). */
  loginAccount: { max: 20, windowMs: 60 * 60 * 1000 },
  register: { max: 10, windowMs: 60 * 60 * 1000 },
  forgotPassword: { max: 5, windowMs: 15 * 60 * 1000 },
};

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  sessions: Sessions;
  publicUrl: string;
  afterAnswer: AfterAnswer;
}

export type { User } from './responses.ts';

/** The account as its owner sees it through the API, with the links on its card. */
export function toUser(row: UserRow, links: OwnedLink[]): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    bio: row.bio,
    location: row.location,
    profile_image: row.profileImage,
    accent: row.accent,
    links,
    public_fields: row.publicFields,
    profile_private: row.profilePrivate,
    insights_enabled: row.insightsEnabled,
    role: row.role,
    pending_email: row.pendingEmail,
  };
}

/** `toUser` with the account's links read from the database. */
export async function userView(db: Db, row: UserRow): Promise<User> {
  return toUser(row, await linksOf(db, row.id));
}

/** "Zoë O'Brien" → "zoe-o-brien": lowercase [a-z0-9-], 3–30 characters. */
function usernameBase(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 26)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `user${slug ? `-${slug}` : ''}`.slice(0, 26);
}

async function freeUsername(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(or(eq(users.username, base), like(users.username, `${base}-%`)))
    ).map((row) => row.username),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Mails a new activation link, unless one went to this address in the last 10 minutes. */
async function sendActivation(deps: AccountsDeps, user: UserRow, next?: string): Promise<void> {
  if (!(await mailAllowed(deps.db, 'registration', user.email))) return;
  const token = await issueToken(deps.db, user.id, 'activate');
  const query = next ? `?${new URLSearchParams({ next })}` : '';
  const url = `${deps.publicUrl}/activate/${encodeUid(user.id)}/${token}${query}`;
  const cardPage = `${deps.publicUrl}/profile/${user.username}`;
  await deps.mailer.sendLater(activationMail(user.email, user.firstName, url, cardPage));
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
  const base = usernameBase(input.first_name, input.last_name);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const [user] = await deps.db
        .insert(users)
        .values({
          username: await freeUsername(deps.db, base),
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
        })
        .returning();
      if (user) await sendActivation(deps, user, input.next);
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: for the e-mail, the account now exists (same answer); for the username, try the next.
      const [raced] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      if (raced) return;
    }
  }
  throw new Error('Could not find a free username');
}

export async function activate(deps: AccountsDeps, uid: string, token: string): Promise<void> {
  const userId = decodeUid(uid);
  if (userId === undefined || !(await consumeToken(deps.db, userId, 'activate', token))) {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidActivation);
  }
  // A disabled account stays disabled: its link answers like any used or expired one.
  const activated = await deps.db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), isNull(users.disabledAt)))
    .returning({ id: users.id });
  if (activated.length === 0) throw new AppError('bad_request', ACCOUNT_MESSAGES.invalidActivation);
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
): Promise<{ user: User; sessionToken: string }> {
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
  return { user: await userView(deps.db, user), sessionToken: await deps.sessions.create(user.id) };
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
  await db.insert(users).values({
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
