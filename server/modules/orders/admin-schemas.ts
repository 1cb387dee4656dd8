import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/index.ts';
import { search } from '../admin/list-query.ts';
import { pageNumber } from '../paging.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date.')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The admin's order table: every customer's orders. */
export const adminOrdersQuery = z
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

export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

export const orderStatusBody = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status.' }),
  note: z.string().trim().max(500, 'The note is at most 500 characters.').optional().default(''),
});
