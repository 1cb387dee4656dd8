import { z } from 'zod';
import { INSIGHT_PERIODS, type InsightPeriod } from '../../../common/insights.ts';
import { INSIGHT_PERIOD_RULE } from '../../../common/messages/insights.ts';

const PERIODS = INSIGHT_PERIODS.map(String) as [string, ...string[]];

/** `GET /api/auth/insights/?days=`: 7, 30 (when left out) or 90. */
export const insightsQuery = z.strictObject({
  days: z
    .enum(PERIODS, { error: INSIGHT_PERIOD_RULE })
    .default('30')
    .transform((days) => Number(days) as InsightPeriod),
});
