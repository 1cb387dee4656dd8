import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CardEventKind, type InsightPeriod, periodDays, utcDay } from '../../../common/insights.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import type { VisitSource } from '../../../common/visit-source.ts';
import type { Db } from '../../db/client.ts';
import {
  cardEventDays,
  cardEvents,
  cards,
  insightRollups,
  profileLinks,
  serials,
  users,
} from '../../db/schema/index.ts';
import type { InsightDay, InsightLink, InsightSource, Insights } from './responses.ts';

const TOP_LINKS = 10;

/** A day's figure for one kind, as card_event_days keeps it: `source` '*' is the kind's total that day. */
interface DayRow {
  day: string;
  kind: CardEventKind;
  source: VisitSource | '*';
  card_serial: string;
  link_id: number;
  events: number;
  visitors: number;
}

/**
 * Every daily figure of one owner since `since`: the rolled-up days from card_event_days, the days after
 * `insight_rollups.rolled_through` (today at least) aggregated from card_events in the same shape, in one
 * statement so both halves agree on the boundary.
 */
async function dayRows(db: Db, ownerId: number, since: string): Promise<DayRow[]> {
  const result = await db.execute(sql`
    with bound as (select (select rolled_through from ${insightRollups} where id = 1) as rolled),
    raw as (
      select to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, e.kind, e.source,
             coalesce(e.card_serial, '') as card, coalesce(e.link_id, 0) as link, e.visitor
      from ${cardEvents} e, bound
      where e.owner_id = ${ownerId}
        and e.occurred_at >= greatest(${since}::date, bound.rolled + 1)::timestamp at time zone 'UTC'
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, d.kind, d.source, d.card_serial, d.link_id, d.events, d.visitors
    from ${cardEventDays} d, bound
    where d.owner_id = ${ownerId} and d.day >= ${since}::date and d.day <= bound.rolled
    union all
    select day, kind, coalesce(source, '*'), coalesce(card, ''), coalesce(link, 0),
           count(*)::int, count(distinct visitor)::int
    from raw
    group by grouping sets ((day, kind), (day, kind, source, card, link))`);
  // node-postgres and PGlite both answer with `rows`.
  return (result as unknown as { rows: DayRow[] }).rows.map((row) => ({
    ...row,
    link_id: Number(row.link_id),
    events: Number(row.events),
    visitors: Number(row.visitors),
  }));
}

/** The tapped cards' product names, for the cards the owner still has. */
async function cardNames(db: Db, ownerId: number, compact: string[]): Promise<Map<string, string>> {
  if (compact.length === 0) return new Map();
  const rows = await db
    .select({ serial: serials.serial, name: cards.name })
    .from(serials)
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .where(and(eq(serials.claimedBy, ownerId), inArray(serials.serial, compact)));
  return new Map(rows.map((row) => [row.serial, row.name]));
}

async function linkTitles(db: Db, ownerId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { title: string; url: string }>();
  const rows = await db
    .select({ id: profileLinks.id, title: profileLinks.title, url: profileLinks.url })
    .from(profileLinks)
    .where(and(eq(profileLinks.userId, ownerId), inArray(profileLinks.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A percentage with one decimal, or null when there is nothing to divide by. */
function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

function add<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * What an owner's card did in the last `days` UTC days (today included): totals, every day (0 where nothing
 * happened), views by source, the most clicked links and how many views led to a save or an exchange.
 * Unique visitors are summed per day: a visitor's hash changes every day, by design.
 */
export async function insightsOf(
  db: Db,
  ownerId: number,
  days: InsightPeriod,
  now = new Date(),
): Promise<Insights> {
  const list = periodDays(days, now);
  const [rows, [owner]] = await Promise.all([
    dayRows(db, ownerId, list[0] ?? utcDay(now)),
    db.select({ enabled: users.insightsEnabled }).from(users).where(eq(users.id, ownerId)),
  ]);
  const daily = new Map<string, InsightDay>(
    list.map((day) => [day, { day, views: 0, visitors: 0, saves: 0, clicks: 0, exchanges: 0 }]),
  );
  const bySource = new Map<string, number>();
  const byLink = new Map<number, number>();
  for (const row of rows) {
    const figures = daily.get(row.day);
    if (!figures) continue;
    if (row.source === '*') {
      if (row.kind === 'view') {
        figures.views += row.events;
        figures.visitors += row.visitors;
      } else if (row.kind === 'save') figures.saves += row.events;
      else if (row.kind === 'click') figures.clicks += row.events;
      else figures.exchanges += row.events;
    } else if (row.kind === 'view') {
      add(bySource, `${row.source}:${row.source === 'tap' ? row.card_serial : ''}`, row.events);
    } else if (row.kind === 'click' && row.link_id > 0) {
      add(byLink, row.link_id, row.events);
    }
  }

  const topLinkIds = [...byLink.entries()]
    .sort(([a, x], [b, y]) => y - x || a - b)
    .slice(0, TOP_LINKS)
    .map(([id]) => id);
  const tapped = [...bySource.keys()].filter((key) => key.length > 'tap:'.length && key.startsWith('tap:'));
  const [names, titles] = await Promise.all([
    cardNames(
      db,
      ownerId,
      tapped.map((key) => key.slice('tap:'.length)),
    ),
    linkTitles(db, ownerId, topLinkIds),
  ]);

  const sources: InsightSource[] = [...bySource.entries()]
    .map(([key, views]) => {
      const [source, serial] = key.split(':') as [VisitSource, string];
      const card = serial ? { serial, display: formatSerial(serial), name: names.get(serial) ?? null } : null;
      return { source, card, views };
    })
    .sort((a, b) => b.views - a.views || sourceOrder(a).localeCompare(sourceOrder(b)));
  const topLinks: InsightLink[] = topLinkIds.map((id) => {
    const link = titles.get(id);
    return { link_id: id, title: link?.title ?? null, url: link?.url ?? null, clicks: byLink.get(id) ?? 0 };
  });

  const series = [...daily.values()];
  const total = (key: keyof Omit<InsightDay, 'day'>) => series.reduce((sum, day) => sum + day[key], 0);
  const totals = {
    views: total('views'),
    visitors: total('visitors'),
    saves: total('saves'),
    clicks: total('clicks'),
    exchanges: total('exchanges'),
  };
  return {
    days,
    enabled: owner?.enabled ?? false,
    totals,
    daily: series,
    sources,
    top_links: topLinks,
    conversion: {
      saves_per_view: percentOf(totals.saves, totals.views),
      exchanges_per_view: percentOf(totals.exchanges, totals.views),
    },
  };
}

/** Taps first, then QR, then links; cards by serial: a stable order for equal counts. */
function sourceOrder(source: InsightSource): string {
  return `${['tap', 'qr', 'link'].indexOf(source.source)}${source.card?.serial ?? ''}`;
}
