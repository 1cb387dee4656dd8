import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { type LeadKind, type LeadRow, leads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { ADMIN_PAGE_SIZE } from '../staff/list-query.ts';
import type { AdminLead } from './responses.ts';

export const LEAD_NOT_FOUND = 'Message not found.';

function toLead(row: LeadRow): AdminLead {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    service: row.service,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}

/** Contact and consultation messages, newest first. */
export function listLeads(
  db: Db,
  query: {
    page: number;
    search?: string | undefined;
    kind?: LeadKind | undefined;
    status?: 'new' | 'handled' | undefined;
  },
): Promise<Page<AdminLead>> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.subject, pattern));
    if (match) conditions.push(match);
  }
  if (query.kind) conditions.push(eq(leads.kind, query.kind));
  if (query.status) conditions.push(eq(leads.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return pageOf(
    query.page,
    ADMIN_PAGE_SIZE,
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page, ADMIN_PAGE_SIZE))
      .then((rows) => rows.map(toLead)),
    db
      .select({ value: count() })
      .from(leads)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}

/** Marks a message handled (or new again). */
export async function changeLead(
  db: Db,
  actor: Actor,
  id: number,
  status: 'new' | 'handled',
): Promise<AdminLead> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!before) throw new AppError('not_found', LEAD_NOT_FOUND);
    const [after] = await tx
      .update(leads)
      .set({ status, handledAt: status === 'handled' ? (before.handledAt ?? new Date()) : null })
      .where(eq(leads.id, id))
      .returning();
    if (!after) throw new AppError('not_found', LEAD_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'lead.status',
      targetType: 'lead',
      targetId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return toLead(after);
  });
}
