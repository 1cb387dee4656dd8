import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditRow, auditLog, users } from '../../db/schema/index.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import type { AuditView } from './audit-view.ts';
import { actionWords, actorKind, changeWords } from './audit-wording.ts';
import { ADMIN_PAGE_SIZE } from './list-query.ts';

/** The signed-in admin making a change. */
export interface Actor {
  id: number;
  email: string;
}

interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a write to the firm's records, an admin's or a customer's (a transfer, a claim, an answer to a
 * proof); called inside the write's own transaction, so there is never one without the other.
 */
export async function recordAudit(tx: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

function toView(row: AuditRow, role: string | null): AuditView {
  return {
    id: row.id,
    actor: row.actorEmail,
    actor_kind: actorKind(row.action, row.after, role),
    action: row.action,
    what: actionWords(row.action),
    changes: changeWords(row.before, row.after),
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/** The audit log, newest first; optionally only the entries about one record. */
export function listAudit(
  db: Db,
  page: number,
  target?: { type: string; id: string },
): Promise<Page<AuditView>> {
  const where: SQL | undefined = target
    ? and(eq(auditLog.targetType, target.type), eq(auditLog.targetId, target.id))
    : undefined;
  return pageOf(
    page,
    ADMIN_PAGE_SIZE,
    db
      .select({ entry: auditLog, role: users.role })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page, ADMIN_PAGE_SIZE))
      .then((rows) => rows.map(({ entry, role }) => toView(entry, role))),
    db
      .select({ value: count() })
      .from(auditLog)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}
