import { z } from 'zod';
import { pageNumber } from '../paging.ts';
import { search } from '../staff/list-query.ts';
import type { UserChange } from './user-admin.ts';

export const usersQuery = z.object({
  page: pageNumber.default(1),
  search,
  role: z
    .enum(['user', 'admin'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z
    .enum(['active', 'unverified', 'disabled'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const DISABLE_REASON_NEEDED = 'Say why the account is disabled (3 to 500 characters).';

/** Disable (with the reason the audit log keeps) or re-enable an account, or change its role: one at a time. */
export const userChangeBody = z
  .strictObject({
    disabled: z.boolean({ error: 'disabled is true or false.' }).optional(),
    reason: z.string().trim().max(500, DISABLE_REASON_NEEDED).optional(),
    role: z.enum(['user', 'admin'], { error: 'The role is user or admin.' }).optional(),
  })
  .superRefine((body, context) => {
    if ((body.disabled === undefined) === (body.role === undefined)) {
      context.addIssue({ code: 'custom', message: 'Send disabled (true with a reason, or false) or role.' });
    } else if (body.disabled === true && (body.reason ?? '').length < 3) {
      context.addIssue({ code: 'custom', message: DISABLE_REASON_NEEDED, path: ['reason'] });
    }
  })
  .transform((body): UserChange => {
    if (body.role !== undefined) return { role: body.role };
    return body.disabled ? { disabled: true, reason: body.reason ?? '' } : { disabled: false };
  });
