import { z } from 'zod';
import { WORK_QUEUES } from '../../../common/order-status.ts';
import { owedByAgeSchema } from '../payments/responses.ts';

export const dayFigureSchema = z
  .strictObject({ day: z.iso.date().describe('UTC day.'), value: z.number() })
  .meta({ id: 'DayFigure' });
export type DayFigure = z.output<typeof dayFigureSchema>;

const queueCountSchema = z
  .strictObject({
    queue: z.enum(WORK_QUEUES),
    count: z.number().int(),
    waiting_since: z.iso.datetime().nullable().describe("The oldest wait's start; null when none waits."),
  })
  .meta({ id: 'QueueCount' });

/** The firm's figures per day for the last days (UTC), and what needs attention now. */
export const dashboardSchema = z
  .strictObject({
    days: z.number().int(),
    orders: z.array(dayFigureSchema),
    revenue_cents: z
      .array(dayFigureSchema)
      .describe(
        'Paid revenue in cents per UTC day the money moved: payments received less refunds made (below zero on a day refunds outweigh payments).',
      ),
    revenue_total: z
      .string()
      .describe(
        'Paid revenue over the period, in the shop’s currency with two decimals ("-12.00" if refunds outweigh payments).',
      ),
    owed: owedByAgeSchema.describe('What invoiced orders still owe now, by age.'),
    new_users: z.array(dayFigureSchema),
    verifications: z.array(dayFigureSchema),
    leads: z.array(dayFigureSchema),
    card_taps: z
      .array(dayFigureSchema)
      .describe('Card page views from a tap of a card, across every card (never per owner).'),
    card_other_views: z
      .array(dayFigureSchema)
      .describe('Card page views from the QR code or a link, across every card (never per owner).'),
    pending_orders: z
      .number()
      .int()
      .describe('Orders waiting for the firm: the sum of `work_queue`, each order counted once.'),
    work_queue: z
      .array(queueCountSchema)
      .describe('Each state in which an order waits for the firm, in the order the firm works through them.'),
    suspicious_serials: z.number().int(),
    blocked_serials: z.number().int(),
    unhandled_leads: z.number().int(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.output<typeof dashboardSchema>;
