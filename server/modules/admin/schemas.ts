import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/index.ts';
import { pageNumber } from '../catalog/schemas.ts';
import type { UserChange } from './users.ts';

export const FORBIDDEN = 'You do not have permission to perform this action.';

/** Rows on one page of every admin table. */
export const ADMIN_PAGE_SIZE = 25;

/** A free-text filter: trimmed, empty means "no filter". */
const search = z
  .string()
  .trim()
  .max(100, 'Search is at most 100 characters.')
  .optional()
  .transform((value) => value || undefined);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date.')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const pageQuery = z.object({ page: pageNumber.default(1), search });

export const ordersQuery = z
  .object({
    page: pageNumber.default(1),
    status: z
      .enum(ORDER_STATUSES, { error: 'Unknown status.' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Order number or the customer's e-mail or name. */
    search,
    from: day,
    to: day,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '"From" must not be after "to".',
    path: ['from'],
  });

export type OrdersQuery = z.output<typeof ordersQuery>;

export const orderStatusBody = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status.' }),
  note: z.string().trim().max(500, 'The note is at most 500 characters.').optional().default(''),
});

export const serialsQuery = z.object({
  page: pageNumber.default(1),
  /** Serial (or its beginning), dashes and case ignored; or a SKU. */
  search,
  status: z
    .enum(['active', 'blocked', 'suspicious', 'claimed'], { error: 'Unknown filter.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const batchBody = z.strictObject({
  sku: z.string({ error: 'Choose a SKU.' }).trim().min(1, 'Choose a SKU.').max(60),
  count: z.coerce
    .number({ error: 'The count must be a whole number from 1 to 10000.' })
    .int('The count must be a whole number from 1 to 10000.')
    .min(1, 'The count must be a whole number from 1 to 10000.')
    .max(10_000, 'The count must be a whole number from 1 to 10000.'),
});

export const importBody = z.strictObject({
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(800_000, 'The file is too large.'),
});

export const serialActionBody = z.strictObject({
  action: z.enum(['block', 'unblock', 'reset'], { error: 'Unknown action.' }),
});

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

export const DISABLE_REASON_NEEDED = 'Say why the account is disabled (3 to 500 characters).';

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

export const leadsQuery = z.object({
  page: pageNumber.default(1),
  search,
  kind: z
    .enum(['contact', 'consultation'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z
    .enum(['new', 'handled'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const leadChangeBody = z.strictObject({
  status: z.enum(['new', 'handled'], { error: 'The status is new or handled.' }),
});

export const dashboardQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: 'Days is 7, 30 or 90.' }).default('30').transform(Number),
});

export const auditQuery = z.object({
  page: pageNumber.default(1),
  target_type: z.enum(['order', 'card', 'serial', 'user', 'lead']).optional(),
  target_id: z.string().trim().max(64).optional(),
});
