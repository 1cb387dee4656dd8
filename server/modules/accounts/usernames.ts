import { eq, like, or } from 'drizzle-orm';
import { company } from '../../../content/company.ts';
import type { Db, Tx } from '../../db/client.ts';
import { usernames, users } from '../../db/schema/index.ts';

/**
 * A username is its account's for good (decision 038): the name it has and every name it gave up lead to it,
 * and no other account gets any of them. Neither does anyone get a name of the firm's or the site's own.
 */

/** "Zoë O'Brien" → "zoe-o-brien": lowercase [a-z0-9-], 3–30 characters. */
export function usernameBase(firstName: string, lastName: string): string {
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

/** A name's letters alone: `ad-min`, `admin-2` and `admin` pose as the same thing to a reader. */
const lettersOf = (name: string) => name.replace(/[^a-z]/g, '');

/**
 * Names a visitor would take for the firm speaking, or for a page of the site (every first path segment of
 * app/routes.ts; a test keeps the two together), by their letters.
 */
const SYSTEM_NAMES = [
  // The site's own pages.
  'about',
  'activate',
  'admin',
  'blog',
  'cards',
  'cart',
  'checkout',
  'confirmemail',
  'contact',
  'faq',
  'forgotpassword',
  'login',
  'ordersuccess',
  'privacy',
  'products',
  'profile',
  'proof',
  'resetpassword',
  'secureaccount',
  'services',
  'teamcard',
  'terms',
  'transfer',
  'unlock',
  'verify',
  // The server's own paths and the hosts and mailboxes of a domain.
  'api',
  'assets',
  'build',
  'docs',
  'healthz',
  'media',
  'readyz',
  'robots',
  'sitemap',
  'static',
  'www',
  'mail',
  'email',
  'webmail',
  'smtp',
  'imap',
  'ftp',
  'postmaster',
  'hostmaster',
  'webmaster',
  'abuse',
  'noreply',
  'hello',
  'info',
  'sales',
  'billing',
  'invoices',
  // Who a visitor would trust to speak for the firm.
  'administrator',
  'root',
  'system',
  'sysadmin',
  'support',
  'help',
  'helpdesk',
  'security',
  'staff',
  'team',
  'official',
  'moderator',
  'owner',
  'account',
  'accounts',
  'settings',
  'dashboard',
  'orders',
  'status',
  'shop',
  'store',
  'company',
  'null',
  'undefined',
];

/** The firm's name as its letters (`nexadigital`): no username may contain it, however it is dashed. */
const FIRM = lettersOf(usernameBase(company.name, ''));
const RESERVED = new Set([
  ...SYSTEM_NAMES,
  ...usernameBase(company.name, '')
    .split('-')
    .filter((w) => w.length >= 3),
]);

/** A name no account may newly take (one that already has it keeps it). */
export function isReservedName(name: string): boolean {
  const letters = lettersOf(name);
  return RESERVED.has(letters) || letters.includes(FIRM);
}

/** The first of `base`, `base-2`, `base-3`… that no account has or ever had and that is not reserved. */
export async function freeUsername(db: Db, base: string): Promise<string> {
  let start = base;
  if (isReservedName(start)) {
    const prefixed = `user-${base}`.slice(0, 26).replace(/-+$/, '');
    start = isReservedName(prefixed) ? 'user' : prefixed;
  }
  const similar = (column: typeof users.username | typeof usernames.name) =>
    or(eq(column, start), like(column, `${start}-%`));
  const [current, former] = await Promise.all([
    db.select({ name: users.username }).from(users).where(similar(users.username)),
    db.select({ name: usernames.name }).from(usernames).where(similar(usernames.name)),
  ]);
  const taken = new Set([...current, ...former].map((row) => row.name));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? start : `${start}-${n}`;
    if (!taken.has(candidate) && !isReservedName(candidate)) return candidate;
  }
}

/** Records a new account's name as its own, in the transaction that creates it. */
export async function recordUsername(tx: Tx, userId: number, name: string): Promise<void> {
  await tx.insert(usernames).values({ name, userId });
}

/**
 * Whether `name` may become the account's: it is theirs already (a name they gave up), or no account ever
 * had it and it is not reserved. Said the same way in both refusals: "taken".
 */
export async function mayTakeUsername(db: Db | Tx, userId: number, name: string): Promise<boolean> {
  const [held] = await db
    .select({ userId: usernames.userId })
    .from(usernames)
    .where(eq(usernames.name, name))
    .limit(1);
  if (held) return held.userId === userId;
  return !isReservedName(name);
}

/**
 * In the rename's transaction, once `mayTakeUsername` said yes: the account keeps its current name and gets
 * the new one, both for good. False (the caller rolls back) when another account's rename took it meanwhile.
 */
export async function takeUsername(
  tx: Tx,
  account: { id: number; username: string },
  name: string,
): Promise<boolean> {
  await tx
    .insert(usernames)
    .values([
      { name: account.username, userId: account.id },
      { name, userId: account.id },
    ])
    .onConflictDoNothing();
  const [held] = await tx
    .select({ userId: usernames.userId })
    .from(usernames)
    .where(eq(usernames.name, name))
    .limit(1);
  return held?.userId === account.id;
}
