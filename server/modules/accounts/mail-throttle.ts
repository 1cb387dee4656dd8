import type { Db } from '../../db/client.ts';
import { countHit } from '../../http/rate-limit.ts';

/**
 * At most one mail of a kind per address per 10 minutes, for every mail a stranger can trigger
 * (registration, activation re-sends, password resets, "address in use"): nobody can flood an inbox
 * through the site. A refused mail is simply not sent; the visitor's answer is the same.
 */
const ACCOUNT_MAIL_LIMIT = { max: 1, windowMs: 10 * 60 * 1000 };

/** Registration mails (activation links and "you already have an account") share one allowance. */
type AccountMailKind = 'registration' | 'reset' | 'in-use';

export async function mailAllowed(db: Db, kind: AccountMailKind, email: string): Promise<boolean> {
  return (
    (await countHit(db, `mail:${kind}:${email.toLowerCase()}`, ACCOUNT_MAIL_LIMIT)) <= ACCOUNT_MAIL_LIMIT.max
  );
}
