import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditRow, auditLog } from '../../db/schema/index.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import type { AuditView } from './audit-view.ts';
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

/** Records an admin write; called inside the write's own transaction, so there is never one without the other. */
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

function toView(row: AuditRow): AuditView {
  return {
    id: row.id,
    actor: row.actorEmail,
    action: row.action,
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
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page, ADMIN_PAGE_SIZE))
      .then((rows) => rows.map(toView)),
    db
      .select({ value: count() })
      .from(auditLog)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}
