import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const LEAD_KINDS = ['contact', 'consultation'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A message from the contact or a consultation form: stored first, so nothing is lost when mail is down. */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<LeadKind>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** The service page a consultation request came from. */
    service: text('service').notNull().default(''),
    status: text('status').$type<'new' | 'handled'>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    index('leads_created_idx').on(table.createdAt, table.id),
    index('leads_status_idx').on(table.status, table.createdAt, table.id),
    // The admin search (ILIKE '%…%') on name, e-mail and subject.
    index('leads_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('leads_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('leads_subject_trgm_idx').using('gin', table.subject.op('gin_trgm_ops')),
    check('leads_kind_known', sql`${table.kind} IN ('contact', 'consultation')`),
    check('leads_status_known', sql`${table.status} IN ('new', 'handled')`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
