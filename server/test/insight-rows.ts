import { sql } from 'drizzle-orm';
import type { CardEventKind } from '../../common/insights.ts';
import type { VisitSource } from '../../common/visit-source.ts';
import type { Db } from '../db/client.ts';
import { cardEventDays, cardEvents, insightRollups } from '../db/schema/index.ts';

/** Daily totals as the rollup writes them ('*' = the kind's total that day). */
export async function addDayRows(
  db: Db,
  rows: Array<{
    ownerId: number;
    day: string;
    kind: CardEventKind;
    source: VisitSource | '*';
    cardSerial?: string;
    linkId?: number;
    events: number;
    visitors: number;
  }>,
): Promise<void> {
  await db.insert(cardEventDays).values(rows);
}

/** Single events as the recorder writes them; `visitor` stands for the day's keyed hash. */
export async function addEvents(
  db: Db,
  rows: Array<{
    ownerId: number;
    kind: CardEventKind;
    source: VisitSource;
    cardSerial?: string;
    linkId?: number;
    visitor: string;
    at: string;
  }>,
): Promise<void> {
  await db.insert(cardEvents).values(rows.map(({ at, ...row }) => ({ ...row, occurredAt: new Date(at) })));
}

/** Sets the last rolled-up day (null: nothing rolled yet). */
export async function rollThrough(db: Db, day: string | null): Promise<void> {
  if (day === null) {
    await db.delete(insightRollups);
    return;
  }
  await db
    .insert(insightRollups)
    .values({ id: 1, rolledThrough: day })
    .onConflictDoUpdate({ target: insightRollups.id, set: { rolledThrough: sql`excluded.rolled_through` } });
}
