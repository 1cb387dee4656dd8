import { sql } from 'drizzle-orm';
import { RAW_EVENT_RETENTION_DAYS, utcDay } from '../../../common/insights.ts';
import type { Db } from '../../db/client.ts';
import { cardEventDays, cardEvents, insightRollups } from '../../db/schema/index.ts';
import { deleteSaltsBefore } from './visitor-salt.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An arbitrary constant: the advisory lock that lets one process at a time roll days up. */
const ROLLUP_LOCK = 7_017_001;
/**
 * A day is rolled up only once it has been over this long, so the last batches of its evening (written up to
 * a second late, or retried after a brief database hiccup) are in card_events before its totals are fixed.
 */
const ROLLUP_GRACE_MS = 10 * 60 * 1000;

function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The instant a UTC day begins, as PostgreSQL reads it from either driver. */
function startOf(day: string): string {
  return `${day}T00:00:00Z`;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer with `rows`.
  return (result as { rows: T[] }).rows;
}

/**
 * Rolls every complete UTC day after `insight_rollups.rolled_through` into card_event_days — per owner, day
 * and kind a '*' total (events, unique visitors) and a row per source, tapped card and link — and advances
 * rolled_through in the same transaction, under an advisory lock so two processes never roll a day twice.
 * Readers take days up to rolled_through from the rollups and later days from card_events. Then raw events
 * older than RAW_EVENT_RETENTION_DAYS go (only days already rolled up), and salts of past days.
 * Returns the days rolled up.
 */
export async function rollUpInsights(db: Db, now: Date = new Date()): Promise<string[]> {
  const lastComplete = addDays(utcDay(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  const rolled = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    const [state] = await tx.select().from(insightRollups).limit(1);
    let from: string;
    if (state) {
      from = addDays(state.rolledThrough, 1);
    } else {
      // Nothing rolled yet: start from the first event's day (or, with none, nothing to roll).
      const [first] = rowsOf<{ first: Date | string | null }>(
        await tx.execute(sql`select min(${cardEvents.occurredAt}) as first from ${cardEvents}`),
      );
      // No events at all: no row either, and readers take everything from card_events (there is nothing).
      if (!first?.first) return [];
      from = utcDay(new Date(first.first));
    }
    if (from > lastComplete) {
      // The first events are from a day not over yet: every day before it is complete, and empty.
      if (!state) await tx.insert(insightRollups).values({ id: 1, rolledThrough: addDays(from, -1) });
      return [];
    }
    const through = lastComplete;
    await tx.execute(sql`
      insert into ${cardEventDays}
        (owner_id, day, kind, source, card_serial, link_id, events, visitors)
      select owner_id, day, kind,
             case when grouping(source) = 1 then '*' else source end,
             coalesce(card_serial, ''), coalesce(link_id, 0),
             count(*), count(distinct visitor)
      from (
        select owner_id, (occurred_at at time zone 'UTC')::date as day, kind, source, card_serial, link_id, visitor
        from ${cardEvents}
        where occurred_at >= ${startOf(from)}::timestamptz
          and occurred_at < ${startOf(addDays(through, 1))}::timestamptz
      ) as raw
      group by grouping sets ((owner_id, day, kind), (owner_id, day, kind, source, card_serial, link_id))
      on conflict (owner_id, day, kind, source, card_serial, link_id)
      do update set events = excluded.events, visitors = excluded.visitors`);
    await tx
      .insert(insightRollups)
      .values({ id: 1, rolledThrough: through })
      .onConflictDoUpdate({ target: insightRollups.id, set: { rolledThrough: through } });
    const days: string[] = [];
    for (let day = from; day <= through; day = addDays(day, 1)) days.push(day);
    return days;
  });
  await pruneInsights(db, now);
  return rolled;
}

/** Raw events past their retention (and already in the rollups), and the salts of days that are over. */
async function pruneInsights(db: Db, now: Date): Promise<void> {
  const today = utcDay(now);
  const [state] = await db.select().from(insightRollups).limit(1);
  if (state) {
    const keepFrom = addDays(today, -RAW_EVENT_RETENTION_DAYS);
    const rolledBefore = addDays(state.rolledThrough, 1);
    // The earlier of the two days (YYYY-MM-DD sorts as it reads).
    const [cutoff] = [keepFrom, rolledBefore].sort();
    await db
      .delete(cardEvents)
      .where(sql`${cardEvents.occurredAt} < ${startOf(cutoff ?? keepFrom)}::timestamptz`);
  }
  await deleteSaltsBefore(db, today);
}
