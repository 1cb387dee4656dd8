import { z } from 'zod';
import { numberedPageSchema } from '../paging.ts';
import { ownedCardSchema } from '../profiles/responses.ts';
import { ACCOUNT_STATUSES } from './status.ts';

/** The signed-in user as the API shows it: their whole card and the account's own fields (never the password hash). */
export const userSchema = ownedCardSchema
  .extend({
    id: z.number().int(),
    role: z.enum(['user', 'admin']),
    pending_email: z
      .string()
      .nullable()
      .describe('A new e-mail waiting for its confirmation link (the account keeps `email` until then).'),
    card_path: z
      .string()
      .describe(
        'The path of the permanent address printed on the account’s cards (`/p/{code}`): it keeps leading to this card whatever its username becomes.',
      ),
  })
  .meta({ id: 'User' });
export type User = z.output<typeof userSchema>;

export const loginAnswerSchema = z
  .strictObject({ detail: z.string(), user: userSchema })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

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
    role: userSchema.shape.role,
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
