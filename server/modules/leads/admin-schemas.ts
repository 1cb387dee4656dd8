import { z } from 'zod';
import { LEAD_KINDS } from '../../db/schema/index.ts';
import { pageNumber } from '../paging.ts';
import { search } from '../staff/list-query.ts';

export const leadsQuery = z.object({
  page: pageNumber.default(1),
  search,
  kind: z
    .enum(LEAD_KINDS)
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
