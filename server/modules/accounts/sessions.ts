import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';
import { usableAccount } from './status.ts';

/** The session cookie's name on plain http (local development, tests), and where every route reads it. */
export const SESSION_COOKIE = 'sid';
/**
 * Its name over https: a browser takes a `__Host-` cookie only Secure, on Path=/ and without a Domain, so a
 * sibling subdomain cannot set or shadow the session. (Browsers refuse the prefix without Secure, so plain
 * http keeps `sid`.) A session under the old name is not carried over: its owner signs in again.
 */
const SECURE_SESSION_COOKIE = '__Host-sid';

export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/**
 * A readable companion of the session cookie, holding no secret: it tells the page whether asking
 * for the signed-in user is worth a request (a visitor without it is simply signed out).
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at and the sliding expiry are written at most this often per session. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface Sessions {
  /** A new session for the user; returns the cookie value. */
  create(userId: number): Promise<string>;
  /** The user behind a cookie value while the account is usable (verified, not disabled), or undefined. */
  userOf(token: string | undefined): Promise<UserRow | undefined>;
  destroy(token: string | undefined): Promise<void>;
  /** Ends every session of the user, except the one with cookie value `except` when given. */
  destroyAllOf(userId: number, except?: string): Promise<void>;
}

export function createSessions(db: Db, secret: string): Sessions {
  const idHash = (token: string) => createHmac('sha256', secret).update(token).digest('hex');
  const valid = (token: string | undefined): token is string => !!token && /^[A-Za-z0-9_-]{43}$/.test(token);

  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        idHash: idHash(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
      });
      // Expired sessions of this user go now; nothing else needs to sweep them.
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
      return token;
    },

    async userOf(token) {
      if (!valid(token)) return undefined;
      const hash = idHash(token);
      const [row] = await db
        .select({ user: users, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, hash), gt(sessions.expiresAt, new Date()), usableAccount()))
        .limit(1);
      if (!row) return undefined;
      if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
          .where(eq(sessions.idHash, hash));
      }
      return row.user;
    },

    async destroy(token) {
      if (valid(token)) await db.delete(sessions).where(eq(sessions.idHash, idHash(token)));
    },

    async destroyAllOf(userId, except) {
      const keep = valid(except) ? ne(sessions.idHash, idHash(except)) : undefined;
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keep));
    },
  };
}
