import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { orders, serials, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../accounts/sessions.ts';
import { type Actor, recordAudit } from './audit.ts';
import { type AdminPage, adminPage, offsetOf } from './paging.ts';
import { ADMIN_PAGE_SIZE } from './schemas.ts';

export const USER_ADMIN_MESSAGES = {
  notFound: 'User not found.',
  lastAdmin: 'This is the last active admin: make another admin first.',
} as const;

export interface AdminUserRow {
  id: number;
  email: string;
  username: string;
  name: string;
  role: 'user' | 'admin';
  is_active: boolean;
  created_at: string;
  last_login_at: string | null;
}

export interface AdminUser extends AdminUserRow {
  phone: string;
  company: string;
  job_title: string;
  order_count: number;
  claimed_cards: number;
}

function toRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    role: row.role,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** Accounts whose e-mail, username or full name contains the text (each has a trigram index). */
export function userSearch(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(users.email, pattern),
    ilike(users.username, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  ) as SQL;
}

/** Accounts, newest first; searched by e-mail, username or name, filtered by role and state. */
export function listUsers(
  db: Db,
  query: {
    page: number;
    search?: string | undefined;
    role?: 'user' | 'admin' | undefined;
    active?: 'yes' | 'no' | undefined;
  },
): Promise<AdminPage<AdminUserRow>> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(userSearch(query.search));
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.active) conditions.push(eq(users.isActive, query.active === 'yes'));
  const where = conditions.length ? and(...conditions) : undefined;
  return adminPage(
    query.page,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page))
      .then((rows) => rows.map(toRow)),
    db
      .select({ value: count() })
      .from(users)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}

export async function getAdminUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('not_found', USER_ADMIN_MESSAGES.notFound);
  const [[ordered], [claimed]] = await Promise.all([
    db.select({ value: count() }).from(orders).where(eq(orders.userId, id)),
    db.select({ value: count() }).from(serials).where(eq(serials.claimedBy, id)),
  ]);
  return {
    ...toRow(row),
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    order_count: ordered?.value ?? 0,
    claimed_cards: claimed?.value ?? 0,
  };
}

/**
 * Activates or deactivates an account, or changes its role. The site never loses its last active admin:
 * the active admins are locked while counting, so two admins demoting each other at once cannot both
 * succeed. A deactivated account's sessions end at once.
 */
export async function changeUser(
  db: Db,
  sessions: Sessions,
  actor: Actor,
  id: number,
  change: { is_active?: boolean | undefined; role?: 'user' | 'admin' | undefined },
): Promise<AdminUser> {
  const before = await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      // Always the same lock order, so two of these at once wait for each other instead of deadlocking.
      .orderBy(users.id)
      .for('update');
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw new AppError('not_found', USER_ADMIN_MESSAGES.notFound);
    const role = change.role ?? current.role;
    const isActive = change.is_active ?? current.isActive;
    const staysAdmin = role === 'admin' && isActive;
    const wasCountedAdmin = admins.some((admin) => admin.id === id);
    if (wasCountedAdmin && !staysAdmin && admins.length <= 1) {
      throw new AppError('conflict', USER_ADMIN_MESSAGES.lastAdmin);
    }
    await tx.update(users).set({ role, isActive, updatedAt: sql`now()` }).where(eq(users.id, id));
    await recordAudit(tx, actor, {
      action: change.role !== undefined && change.role !== current.role ? 'user.role' : 'user.active',
      targetType: 'user',
      targetId: id,
      before: { role: current.role, is_active: current.isActive },
      after: { role, is_active: isActive },
    });
    return current;
  });
  if (change.is_active === false && before.isActive) await sessions.destroyAllOf(id);
  return getAdminUser(db, id);
}
