import { z } from 'zod';
import { MAX_PRINTED_PER_ORDER } from '../../../common/card-design/personalisation.ts';
import { WORK_QUEUES } from '../../../common/order-status.ts';
import { ORDER_STATUSES } from '../../db/schema/index.ts';
import { pageNumber } from '../paging.ts';
import { search } from '../staff/list-query.ts';

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
    /** A state in which orders wait for the firm: the list then shows the longest wait first. */
    queue: z
      .enum(WORK_QUEUES, { error: 'Unknown queue.' })
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
  /** Marking a Team Pack shipped: the serial of the card packed for each team member's printed card. */
  serials: z
    .array(
      z.strictObject({
        design: z.number({ error: 'Name the printed card by its id.' }).int().positive(),
        serial: z
          .string({ error: 'Enter a serial number.' })
          .max(40, 'Enter the 12-character serial number.'),
      }),
    )
    .max(MAX_PRINTED_PER_ORDER, `An order has at most ${MAX_PRINTED_PER_ORDER} printed cards.`)
    .optional()
    .default([]),
});
