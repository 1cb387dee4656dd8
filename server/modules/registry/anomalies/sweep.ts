import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SerialFlagKind } from '../../../../common/tap-proof.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { appMeta, serialFlags, serials, serialVerifications, tapEvents } from '../../../db/schema/index.ts';
import { checkersReason, distantReason, forgedReason, replayedReason } from './reasons.ts';
import {
  CHECKER_WINDOW_DAYS,
  DISTANT_TAP_NETWORKS,
  DISTANT_TAP_WINDOW_MINUTES,
  MAX_DISTINCT_CHECKERS,
  SWEEP_GRACE_MS,
  TAP_EVENT_RETENTION_DAYS,
} from './thresholds.ts';

/** An arbitrary constant: the advisory lock that lets one process at a time sweep for anomalies. */
const SWEEP_LOCK = 7_018_001;
/** app_meta: the instant up to which tap events and checks have been swept. */
const SWEPT_THROUGH = 'registry_anomalies_swept_through';
const DAY_MS = 24 * 60 * 60 * 1000;
const FORGED_KINDS = ['bad_mac', 'unknown_uid', 'malformed'] as const;

/** One serial's new evidence of one kind in the swept span. */
interface Finding {
  serialId: number;
  /** How many new events (taps or checks) are evidence. */
  count: number;
  first: Date;
  last: Date;
  /** The figure the reason quotes: networks within the window, or distinct checkers. */
  figure: number;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer with `rows`.
  return (result as { rows: T[] }).rows;
}

type RawFinding = {
  serial_id: number;
  n: number | string;
  first: Date | string;
  last: Date | string;
  figure: number | string | null;
};

function findings(result: unknown): Finding[] {
  return rowsOf<RawFinding>(result).map((row) => ({
    serialId: Number(row.serial_id),
    count: Number(row.n),
    first: new Date(row.first),
    last: new Date(row.last),
    figure: Number(row.figure ?? 0),
  }));
}

interface Span {
  from: Date;
  to: Date;
}

async function tapsOfKinds(tx: Tx, span: Span, kinds: readonly string[]): Promise<Finding[]> {
  return findings(
    await tx.execute(sql`
      select serial_id, count(*) as n, min(created_at) as first, max(created_at) as last, 0 as figure
      from ${tapEvents}
      where kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and created_at > ${span.from.toISOString()}::timestamptz
        and created_at <= ${span.to.toISOString()}::timestamptz
      group by serial_id`),
  );
}

/**
 * New taps that, with the serial's taps of the minutes before them, come from DISTANT_TAP_NETWORKS networks.
 * A tap is the chip's own reading: for a secure card only a message that proved its chip (fresh or replayed),
 * never its link opened without one or with a forged one (anyone who reads the printed serial can do that
 * from anywhere, and forged messages have their own flag); a card without a secure chip has only its link.
 */
async function distantTaps(tx: Tx, span: Span): Promise<Finding[]> {
  const window = sql.raw(`interval '${DISTANT_TAP_WINDOW_MINUTES} minutes'`);
  const chipRead = (kind: SQL) =>
    sql`(${kind} in ('fresh', 'replayed') or (${kind} = 'static' and s.sun_key_version is null))`;
  return findings(
    await tx.execute(sql`
      select e.serial_id, count(*) as n, min(e.created_at) as first, max(e.created_at) as last,
             max(w.networks) as figure
      from ${tapEvents} e
      join ${serials} s on s.id = e.serial_id
      cross join lateral (
        select count(distinct o.network) as networks from ${tapEvents} o
        where o.serial_id = e.serial_id and o.created_at > e.created_at - ${window} and o.created_at <= e.created_at
          and ${chipRead(sql`o.kind`)}
      ) w
      where e.created_at > ${span.from.toISOString()}::timestamptz
        and e.created_at <= ${span.to.toISOString()}::timestamptz
        and ${chipRead(sql`e.kind`)}
        and w.networks >= ${DISTANT_TAP_NETWORKS}
      group by e.serial_id`),
  );
}

/** New printed checks that bring the serial's distinct checkers within CHECKER_WINDOW_DAYS past the limit. */
async function manyCheckers(tx: Tx, span: Span): Promise<Finding[]> {
  const window = sql.raw(`interval '${CHECKER_WINDOW_DAYS} days'`);
  return findings(
    await tx.execute(sql`
      select v.serial_id, count(*) as n, min(v.verified_at) as first, max(v.verified_at) as last,
             max(w.clients) as figure
      from ${serialVerifications} v
      cross join lateral (
        select count(distinct o.client) as clients from ${serialVerifications} o
        where o.serial_id = v.serial_id and o.method = 'printed'
          and o.verified_at > v.verified_at - ${window} and o.verified_at <= v.verified_at
      ) w
      where v.method = 'printed'
        and v.verified_at > ${span.from.toISOString()}::timestamptz
        and v.verified_at <= ${span.to.toISOString()}::timestamptz
        and w.clients > ${MAX_DISTINCT_CHECKERS}
      group by v.serial_id`),
  );
}

/**
 * Raises the serial's open flag of this kind, or counts the new evidence into it, in one statement on the
 * open-flag unique index (two sweepers can never make two open flags). Answers the flag as it now stands.
 */
async function raise(tx: Tx, kind: SerialFlagKind, found: Finding) {
  const [flag] = await tx
    .insert(serialFlags)
    .values({
      serialId: found.serialId,
      kind,
      detail: '',
      occurrences: found.count,
      firstSeenAt: found.first,
      lastSeenAt: found.last,
    })
    .onConflictDoUpdate({
      target: [serialFlags.serialId, serialFlags.kind],
      targetWhere: isNull(serialFlags.clearedAt),
      set: {
        occurrences: sql`${serialFlags.occurrences} + excluded.occurrences`,
        lastSeenAt: sql`greatest(${serialFlags.lastSeenAt}, excluded.last_seen_at)`,
      },
    })
    .returning();
  if (!flag) throw new Error('the flag upsert answered no row');
  return flag;
}

/** The tap events of one serial of these kinds since its flag was first seen (the reason's evidence). */
async function evidence(tx: Tx, serialId: number, kinds: readonly string[], since: Date, to: Date) {
  return tx
    .select({ kind: tapEvents.kind, counter: tapEvents.counter })
    .from(tapEvents)
    .where(
      and(
        eq(tapEvents.serialId, serialId),
        inArray(tapEvents.kind, [...kinds] as (typeof tapEvents.$inferSelect)['kind'][]),
        sql`${tapEvents.createdAt} >= ${since.toISOString()}::timestamptz`,
        lte(tapEvents.createdAt, to),
      ),
    );
}

async function flagFinding(tx: Tx, kind: SerialFlagKind, found: Finding, span: Span): Promise<void> {
  const flag = await raise(tx, kind, found);
  let detail: string;
  switch (kind) {
    case 'replayed_counter': {
      const rows = await evidence(tx, found.serialId, ['replayed'], flag.firstSeenAt, span.to);
      const counters = [...new Set(rows.flatMap((row) => (row.counter === null ? [] : [row.counter])))];
      detail = replayedReason(
        counters.sort((a, b) => a - b),
        flag.occurrences,
        flag.lastSeenAt,
      );
      break;
    }
    case 'forged_message': {
      const rows = await evidence(tx, found.serialId, FORGED_KINDS, flag.firstSeenAt, span.to);
      const byKind: Record<string, number> = {};
      for (const row of rows) byKind[row.kind] = (byKind[row.kind] ?? 0) + 1;
      detail = forgedReason(byKind, flag.occurrences, flag.lastSeenAt);
      break;
    }
    case 'distant_taps':
      detail = distantReason(found.figure, flag.occurrences, flag.lastSeenAt);
      break;
    case 'many_checkers':
      detail = checkersReason(found.figure, flag.lastSeenAt);
      break;
  }
  await tx.update(serialFlags).set({ detail }).where(eq(serialFlags.id, flag.id));
}

interface SweepResult {
  /** Flags raised or counted up, by kind. */
  flagged: Record<SerialFlagKind, number>;
  /** The span of events read: after `from`, up to `to`. */
  from: Date;
  to: Date;
}

/**
 * Reads the tap events and printed-serial checks recorded since the last sweep and raises (or counts up)
 * the serials' flags: a replayed counter, a forged or copied chip message, taps from distant networks within
 * minutes, many distinct clients checking one printed serial. Under an advisory lock, with the swept-through
 * mark advanced in the same transaction, so two processes never read the same events twice. Then tap events
 * past their retention go.
 */
export async function sweepAnomalies(db: Db, now: Date = new Date()): Promise<SweepResult> {
  const to = new Date(now.getTime() - SWEEP_GRACE_MS);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const [mark] = await tx.select().from(appMeta).where(eq(appMeta.key, SWEPT_THROUGH));
    // The first sweep reads everything still kept.
    const from = mark ? new Date(mark.value) : new Date(now.getTime() - TAP_EVENT_RETENTION_DAYS * DAY_MS);
    const flagged: Record<SerialFlagKind, number> = {
      replayed_counter: 0,
      forged_message: 0,
      distant_taps: 0,
      many_checkers: 0,
    };
    if (from >= to) return { flagged, from, to: from };
    const span = { from, to };
    const found: Array<[SerialFlagKind, Finding[]]> = [
      ['replayed_counter', await tapsOfKinds(tx, span, ['replayed'])],
      ['forged_message', await tapsOfKinds(tx, span, FORGED_KINDS)],
      ['distant_taps', await distantTaps(tx, span)],
      ['many_checkers', await manyCheckers(tx, span)],
    ];
    for (const [kind, list] of found) {
      for (const finding of list) await flagFinding(tx, kind, finding, span);
      flagged[kind] = list.length;
    }
    await tx
      .insert(appMeta)
      .values({ key: SWEPT_THROUGH, value: to.toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: to.toISOString(), updatedAt: now } });
    return { flagged, from, to };
  });
  // Only events already swept go (the mark is at most the grace before now).
  const keepFrom = new Date(Math.min(now.getTime() - TAP_EVENT_RETENTION_DAYS * DAY_MS, result.to.getTime()));
  await db.delete(tapEvents).where(sql`${tapEvents.createdAt} < ${keepFrom.toISOString()}::timestamptz`);
  return result;
}
