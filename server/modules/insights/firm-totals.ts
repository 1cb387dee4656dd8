import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardEventDays, cardEvents, insightRollups } from '../../db/schema/index.ts';

interface DayViews {
  day: string;
  taps: number;
  other: number;
}

/**
 * Card page views per UTC day across every card, split into taps and the rest (QR code, links): the firm's
 * view, which never names or separates an owner. Rolled-up days come from card_event_days, later ones from
 * card_events, as for an owner's own insights.
 */
export async function cardViewsPerDay(db: Db, days: string[]): Promise<DayViews[]> {
  const since = days[0];
  if (!since) return [];
  const result = await db.execute(sql`
    with bound as (select (select rolled_through from ${insightRollups} where id = 1) as rolled),
    figures as (
      select d.day::date as day,
             sum(d.events) filter (where d.source = '*') as views,
             sum(d.events) filter (where d.source = 'tap') as taps
      from ${cardEventDays} d, bound
      where d.kind = 'view' and d.day >= ${since}::date and d.day <= bound.rolled
      group by d.day
      union all
      select (e.occurred_at at time zone 'UTC')::date, count(*), count(*) filter (where e.source = 'tap')
      from ${cardEvents} e, bound
      where e.kind = 'view'
        and e.occurred_at >= greatest(${since}::date, bound.rolled + 1)::timestamp at time zone 'UTC'
      group by 1
    )
    select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views, sum(coalesce(taps, 0))::int as taps
    from figures group by day`);
  // node-postgres and PGlite both answer with `rows`.
  const rows = (result as unknown as { rows: Array<{ day: string; views: number; taps: number }> }).rows;
  const byDay = new Map(rows.map((row) => [row.day, { views: Number(row.views), taps: Number(row.taps) }]));
  return days.map((day) => {
    const figures = byDay.get(day) ?? { views: 0, taps: 0 };
    return { day, taps: figures.taps, other: figures.views - figures.taps };
  });
}
