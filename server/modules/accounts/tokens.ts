import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';

type TokenPurpose = 'activate' | 'reset' | 'email_change' | 'secure' | 'unlock';

const HOUR_MS = 60 * 60 * 1000;

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activate: 72 * HOUR_MS,
  reset: HOUR_MS,
  email_change: 24 * HOUR_MS,
  // "This wasn't me" must still work when the owner reads the notice days later.
  secure: 7 * 24 * HOUR_MS,
  unlock: 24 * HOUR_MS,
};

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * A new single-use token; issuing one revokes the user's earlier tokens of the same purpose, except
 * "secure" links: every notice's "this wasn't me" must keep working, whatever came after it.
 */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  payload?: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    if (purpose !== 'secure') {
      await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
    }
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: sha256(token),
      payload: payload ?? null,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    });
  });
  return token;
}

/** Ends the user's open links of these purposes (an address change voids links mailed to the old one). */
export async function revokeTokens(db: Db, userId: number, purposes: TokenPurpose[]): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, purposes)));
}

/**
 * Uses up a token: an answer only once, only for its user and purpose, only before it expires; the
 * answer carries the token's payload.
 */
export async function consumeToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  token: string,
): Promise<{ payload: string | null } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const deleted = await db
    .delete(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ payload: userTokens.payload });
  return deleted[0];
}
