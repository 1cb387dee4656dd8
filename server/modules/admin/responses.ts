import { z } from 'zod';

export const dayFigureSchema = z
  .strictObject({ day: z.iso.date().describe('UTC day.'), value: z.number() })
  .meta({ id: 'DayFigure' });
export type DayFigure = z.output<typeof dayFigureSchema>;

/** The firm's figures per day for the last days (UTC), and what needs attention now. */
export const dashboardSchema = z
  .strictObject({
    days: z.number().int(),
    orders: z.array(dayFigureSchema),
    revenue_cents: z.array(dayFigureSchema).describe('Revenue in cents per day, of orders not cancelled.'),
    revenue_total: z.string().describe('Dollars with two decimals.'),
    new_users: z.array(dayFigureSchema),
    verifications: z.array(dayFigureSchema),
    leads: z.array(dayFigureSchema),
    card_taps: z
      .array(dayFigureSchema)
      .describe('Card page views from a tap of a card, across every card (never per owner).'),
    card_other_views: z
      .array(dayFigureSchema)
      .describe('Card page views from the QR code or a link, across every card (never per owner).'),
    pending_orders: z.number().int(),
    suspicious_serials: z.number().int(),
    blocked_serials: z.number().int(),
    unhandled_leads: z.number().int(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.output<typeof dashboardSchema>;
