import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';

export type TokenPurpose = 'activate' | 'reset' | 'unlock';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activate: 3 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  unlock: 24 * 60 * 60 * 1000,
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

/** A new single-use token; issuing one revokes the user's earlier tokens of the same purpose. */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    });
  });
  return token;
}

/** Uses up a token: true only once, only for its user and purpose, only before it expires. */
export async function consumeToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  token: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
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
    .returning({ id: userTokens.id });
  return deleted.length === 1;
}
