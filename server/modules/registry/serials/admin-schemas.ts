import { z } from 'zod';
import { MAX_SERIAL_BATCH, MAX_SERIAL_CSV_BYTES } from '../../../../common/limits.ts';
import { SERIAL_ADMIN_MESSAGES } from '../../../../common/messages/verification.ts';
import { pageNumber } from '../../paging.ts';
import { search } from '../../staff/list-query.ts';

export const serialsQuery = z.object({
  page: pageNumber.default(1),
  /** Serial (or its beginning), dashes and case ignored; or a SKU. */
  search,
  status: z
    .enum(['active', 'blocked', 'suspicious', 'claimed', 'flagged'], { error: 'Unknown filter.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const batchBody = z.strictObject({
  sku: z.string({ error: 'Choose a SKU.' }).trim().min(1, 'Choose a SKU.').max(60),
  count: z.coerce
    .number({ error: SERIAL_ADMIN_MESSAGES.batchCount })
    .int(SERIAL_ADMIN_MESSAGES.batchCount)
    .min(1, SERIAL_ADMIN_MESSAGES.batchCount)
    .max(MAX_SERIAL_BATCH, SERIAL_ADMIN_MESSAGES.batchCount),
  /** Serials for secure NTAG 424 DNA chips (SUN): their CSV carries the encoding station's settings. */
  secure: z.boolean({ error: 'Say whether the cards have secure chips.' }).default(false),
});

export const importBody = z.strictObject({
  csv: z
    .string({ error: SERIAL_ADMIN_MESSAGES.chooseCsv })
    .min(1, SERIAL_ADMIN_MESSAGES.chooseCsv)
    .max(MAX_SERIAL_CSV_BYTES, 'The file is too large.'),
});

export const serialActionBody = z.strictObject({
  action: z.enum(['block', 'unblock', 'reset'], { error: 'Unknown action.' }),
});
