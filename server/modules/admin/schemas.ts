import { z } from 'zod';
import { pageNumber } from '../paging.ts';

export const dashboardQuery = z.object({
  days: z.enum(['7', '30', '90'], { error: 'Days is 7, 30 or 90.' }).default('30').transform(Number),
});

export const auditQuery = z.object({
  page: pageNumber.default(1),
  target_type: z.enum(['order', 'card', 'serial', 'user', 'lead']).optional(),
  target_id: z.string().trim().max(64).optional(),
});
