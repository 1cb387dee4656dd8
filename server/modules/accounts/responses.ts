import { z } from 'zod';
import { numberedPageSchema } from '../paging.ts';
import { ACCOUNT_STATUSES } from './status.ts';

/** What an account may do: a customer, or one of the firm's staff. */
export const roleSchema = z.enum(['user', 'admin']);

export const emailConfirmedSchema = z
  .strictObject({ detail: z.string(), email: z.string() })
  .meta({ id: 'EmailConfirmed' });
export type EmailConfirmed = z.output<typeof emailConfirmedSchema>;

/** An account as the admin console lists it. */
export const adminUserRowSchema = z
  .strictObject({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    name: z.string(),
    role: roleSchema,
    status: z.enum(ACCOUNT_STATUSES),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.output<typeof adminUserRowSchema>;

export const adminUserSchema = adminUserRowSchema
  .extend({
    phone: z.string(),
    company: z.string(),
    job_title: z.string(),
    order_count: z.number().int(),
    claimed_cards: z.number().int(),
    disabled: z
      .strictObject({ at: z.iso.datetime(), by: z.string().nullable(), reason: z.string() })
      .nullable()
      .describe('Who disabled the account, when and why (also in the audit log).'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.output<typeof adminUserSchema>;

/** `/api/admin/users/`. */
export const adminUserPageSchema = numberedPageSchema(adminUserRowSchema).meta({ id: 'AdminUserPage' });
