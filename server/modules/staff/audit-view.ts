import { z } from 'zod';
import { numberedPageSchema } from '../paging.ts';

/** An entry of the audit log as the admin console shows it. */
export const auditViewSchema = z
  .strictObject({
    id: z.number().int(),
    actor: z.string().describe('The e-mail of the admin or customer who made the change, as it was then.'),
    actor_kind: z
      .enum(['admin', 'customer', 'removed'])
      .describe('Whether the firm or a customer acted; "removed" once an account of neither kind is gone.'),
    action: z.string(),
    what: z.string().describe('The action in words: "Card transferred".'),
    changes: z.array(z.string()).describe('Each changed field in words: "Status: Pending → Confirmed".'),
    target_type: z.string(),
    target_id: z.string(),
    before: z.unknown().describe("The changed record's fields before, or null."),
    after: z.unknown().describe("The changed record's fields after, or null."),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AuditView' });
export type AuditView = z.output<typeof auditViewSchema>;

/** `/api/admin/audit/`. */
export const auditPageSchema = numberedPageSchema(auditViewSchema).meta({ id: 'AuditPage' });
