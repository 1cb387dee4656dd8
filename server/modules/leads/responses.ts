import { z } from 'zod';
import { LEAD_KINDS } from '../../db/schema/leads.ts';
import { numberedPageSchema } from '../paging.ts';

/** A contact or consultation message as the admin console shows it. */
export const adminLeadSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(LEAD_KINDS),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string(),
    service: z.string().describe('The service page a consultation request came from.'),
    status: z.enum(['new', 'handled']),
    created_at: z.iso.datetime(),
    handled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminLead' });
export type AdminLead = z.output<typeof adminLeadSchema>;

/** `/api/admin/leads/`. */
export const adminLeadPageSchema = numberedPageSchema(adminLeadSchema).meta({ id: 'AdminLeadPage' });
