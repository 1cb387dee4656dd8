import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_USER_NOT_FOUND } from '../../../common/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { orders, serials, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { PROFILES_TOPIC } from '../../http/card-page-changes.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { ADMIN_PAGE_SIZE } from '../staff/list-query.ts';
import type { AdminUser, AdminUserRow } from './responses.ts';
import type { Sessions } from './sessions.ts';
import { type AccountStatus, accountStatus, usableAccount } from './status.ts';

export const USER_ADMIN_MESSAGES = {
  notFound: ADMIN_USER_NOT_FOUND,
  lastAdmin: 'This is the last active admin: make another admin first.',
} as const;

function toRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    role: row.role,
    status: accountStatus(row),
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

function statusIs(status: AccountStatus): SQL {
  if (status === 'disabled') return isNotNull(users.disabledAt);
  if (status === 'unverified') return and(isNull(users.emailVerifiedAt), isNull(users.disabledAt)) as SQL;
  return usableAccount() as SQL;
}

/** Accounts, newest first; searched by e-mail, username or name, filtered by role and state. */
export function listUsers(
  db: Db,
  query: {
    page: number;
    search?: string | undefined;
    role?: 'user' | 'admin' | undefined;
    status?: AccountStatus | undefined;
  },
): Promise<Page<AdminUserRow>> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(userSearch(query.search));
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(statusIs(query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return pageOf(
    query.page,
    ADMIN_PAGE_SIZE,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page, ADMIN_PAGE_SIZE))
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
  const [[ordered], [claimed], [disabler]] = await Promise.all([
    db.select({ value: count() }).from(orders).where(eq(orders.userId, id)),
    db.select({ value: count() }).from(serials).where(eq(serials.claimedBy, id)),
    row.disabledBy
      ? db.select({ email: users.email }).from(users).where(eq(users.id, row.disabledBy))
      : Promise.resolve([]),
  ]);
  return {
    ...toRow(row),
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    order_count: ordered?.value ?? 0,
    claimed_cards: claimed?.value ?? 0,
    disabled: row.disabledAt
      ? { at: row.disabledAt.toISOString(), by: disabler?.email ?? null, reason: row.disabledReason }
      : null,
  };
}

export type UserChange =
  | { disabled: true; reason: string }
  | { disabled: false }
  | { role: 'user' | 'admin' };

/**
 * Disables or re-enables an account, or changes its role. Disabling is the firm's decision, kept apart
 * from the owner's verified e-mail, so no link the owner can get by mail undoes it; it ends every session
 * at once and empties every process's page cache, so the public card and tap links stop showing.
 * The site never loses its last usable admin: the usable admins are locked while counting, so two admins
 * demoting each other at once cannot both succeed.
 */
export async function changeUser(
  db: Db,
  deps: { sessions: Sessions; publish(topic: string): Promise<void> },
  actor: Actor,
  id: number,
  change: UserChange,
): Promise<AdminUser> {
  const disabling = await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), usableAccount()))
      // Always the same lock order, so two of these at once wait for each other instead of deadlocking.
      .orderBy(users.id)
      .for('update');
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw new AppError('not_found', USER_ADMIN_MESSAGES.notFound);
    const role = 'role' in change ? change.role : current.role;
    const disabled = 'disabled' in change ? change.disabled : current.disabledAt !== null;
    const staysAdmin = role === 'admin' && !disabled && current.emailVerifiedAt !== null;
    const wasCountedAdmin = admins.some((admin) => admin.id === id);
    if (wasCountedAdmin && !staysAdmin && admins.length <= 1) {
      throw new AppError('conflict', USER_ADMIN_MESSAGES.lastAdmin);
    }
    const before = { role: current.role, status: accountStatus(current) };
    if ('role' in change) {
      await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, id));
      await recordAudit(tx, actor, {
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        before,
        after: { role, status: before.status },
      });
      return false;
    }
    const becomesDisabled = disabled && current.disabledAt === null;
    const reason = change.disabled ? change.reason : '';
    if (disabled === (current.disabledAt !== null)) return false;
    const [updated] = await tx
      .update(users)
      .set(
        disabled
          ? { disabledAt: sql`now()`, disabledBy: actor.id, disabledReason: reason }
          : { disabledAt: null, disabledBy: null, disabledReason: '' },
      )
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: disabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: id,
      before: { ...before, ...(current.disabledAt ? { reason: current.disabledReason } : {}) },
      after: {
        role,
        status: updated ? accountStatus(updated) : before.status,
        ...(reason ? { reason } : {}),
      },
    });
    return becomesDisabled;
  });
  if (disabling) await deps.sessions.destroyAllOf(id);
  // The public card and tap links follow at once, in every process (the page caches hear this).
  if ('disabled' in change) await deps.publish(PROFILES_TOPIC);
  return getAdminUser(db, id);
}
