import { z } from 'zod';
import { search } from '../admin/list-query.ts';
import { pageNumber } from '../catalog/schemas.ts';

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
