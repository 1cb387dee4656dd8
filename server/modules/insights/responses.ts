import { z } from 'zod';
import { INSIGHT_PERIODS } from '../../../common/insights.ts';
import { VISIT_SOURCES } from '../../../common/visit-source.ts';

const count = z.number().int();
const perDay =
  'Visitors are counted per UTC day (a visitor cannot be recognised from one day to the next), so this is the sum of each day’s unique visitors.';

const figuresSchema = z.strictObject({
  views: count,
  visitors: count.describe(perDay),
  saves: count.describe('Contact file downloads.'),
  clicks: count.describe('Clicks on the card’s links.'),
  exchanges: count.describe('Contacts shared back through the card page.'),
});

const dayFiguresSchema = figuresSchema
  .extend({ day: z.iso.date().describe('UTC day.') })
  .meta({ id: 'InsightDay' });
export type InsightDay = z.output<typeof dayFiguresSchema>;

const sourceViewsSchema = z
  .strictObject({
    source: z.enum(VISIT_SOURCES),
    card: z
      .strictObject({
        serial: z.string().describe('Compact serial.'),
        display: z.string().describe('The serial as printed, in groups of four.'),
        name: z.string().nullable().describe('The card’s product name, while the card is still the owner’s.'),
      })
      .nullable()
      .describe('For taps: the tapped card, when known.'),
    views: count,
  })
  .meta({ id: 'InsightSource' });
export type InsightSource = z.output<typeof sourceViewsSchema>;

const linkClicksSchema = z
  .strictObject({
    link_id: count,
    title: z.string().nullable().describe('Null: the link has been deleted since.'),
    url: z.string().nullable(),
    clicks: count,
  })
  .meta({ id: 'InsightLink' });
export type InsightLink = z.output<typeof linkClicksSchema>;

const percent = z.number().nullable().describe('A percentage with one decimal; null when there was no view.');

/** `GET /api/auth/insights/`: what the owner's card did in the last 7, 30 or 90 UTC days (today included). */
export const insightsSchema = z
  .strictObject({
    days: z.union(INSIGHT_PERIODS.map((days) => z.literal(days))),
    enabled: z.boolean().describe('Off: nothing is recorded and every figure is 0.'),
    totals: figuresSchema,
    daily: z
      .array(dayFiguresSchema)
      .describe('Every day of the period, oldest first, 0 where nothing happened.'),
    sources: z.array(sourceViewsSchema).describe('Views by source, most first.'),
    top_links: z.array(linkClicksSchema).describe('The most clicked links, most first.'),
    conversion: z.strictObject({
      saves_per_view: percent,
      exchanges_per_view: percent,
    }),
  })
  .meta({ id: 'Insights' });
export type Insights = z.output<typeof insightsSchema>;
