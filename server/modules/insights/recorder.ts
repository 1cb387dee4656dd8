import { createHash, createHmac } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import { utcDay } from '../../../common/insights.ts';
import type { Db } from '../../db/client.ts';
import { cardEvents, rateLimits, serials, users } from '../../db/schema/index.ts';
import { clientKeyOf } from '../../http/client-id.ts';
import type { Sessions } from '../accounts/sessions.ts';
import type { CardEventInput, InsightsRecorder } from './recording.ts';
import { createVisitorSalts } from './visitor-salt.ts';

/**
 * A batch waits at most this long: a second's delay is invisible in daily figures, and at a conference's
 * 200 views a second it still makes one INSERT of ~200 rows a second instead of 200 single ones.
 */
const BATCH_EVERY_MS = 1000;
/**
 * A batch is written at once when this many events wait, and an INSERT carries at most this many rows. On
 * PGlite the INSERT takes about 0.1 ms a row (measured: 200 rows ≈ 20 ms, 500 ≈ 46 ms) and holds the one
 * PGlite session meanwhile, so 200 keeps each pause short while the burst (200 views a second) is still one INSERT a
 * second; on PostgreSQL the size hardly matters (1,400 parameters, far below the 65,535 limit).
 */
const BATCH_SIZE = 200;
/**
 * While the database cannot be written, events wait up to this many (about four minutes of a 200-a-second
 * burst, a few MB); beyond it the oldest are dropped, counted and logged. A crash loses what waits (≤ 1 s).
 */
const WAITING_CAP = 50_000;
/**
 * Events of one kind one client (its address, an IPv6 /64, whatever agents it sends) adds to one card in a
 * UTC day; beyond it a client adds nothing, so no one can inflate a card's figures by reloading it. Enough
 * for a household or an office behind one address; a conference's visitors are many clients.
 */
export const CLIENT_EVENTS_PER_DAY = 20;

/** An event as it waits: the client's bucket and agent are held in memory only until its batch is hashed. */
interface Waiting {
  input: Omit<CardEventInput, 'client'>;
  at: Date;
  clientKey: string;
  /** A digest of the user agent: a client's header may be kilobytes, and up to WAITING_CAP events wait. */
  agent: string;
}

/** A session token is 43 characters; anything longer is no session, and is not kept while the event waits. */
const SESSION_TOKEN_MAX = 64;

/**
 * What an event keeps while it waits, as fresh small strings: a string cut from a request's URL or headers
 * (a username, a cookie's value) would otherwise hold the whole header in memory until its batch is written.
 */
function waitingOf(input: CardEventInput): Waiting {
  const { client, sessionToken, ...event } = input;
  const token = sessionToken && sessionToken.length <= SESSION_TOKEN_MAX ? sessionToken : undefined;
  return {
    input: structuredClone({ ...event, ...(token ? { sessionToken: token } : {}) }),
    at: new Date(),
    clientKey: clientKeyOf(client.ip),
    agent: createHash('sha256').update(client.userAgent).digest('base64url'),
  };
}

interface RecorderDeps {
  db: Db;
  sessions: Pick<Sessions, 'userOf'>;
  log: FastifyBaseLogger;
}

/** A client's weight counter on one card for one day: keyed by the day's salt, like the visitor. */
function weightKey(salt: Buffer, ownerId: number, kind: string, clientKey: string): string {
  const client = createHmac('sha256', salt)
    .update(`weight|${ownerId}|${clientKey}`)
    .digest('hex')
    .slice(0, 16);
  return `insight:${ownerId}:${kind}:${client}`;
}

/**
 * The rows each client may still add today: one upsert on the shared counters per batch (keys in one order,
 * so two processes' batches never wait on each other crosswise), in the batch's transaction so that a batch
 * written again after a failure is not counted twice.
 */
async function withinWeight(tx: Db, rows: Array<{ row: typeof cardEvents.$inferInsert; weight: string }>) {
  const wanted = new Map<string, number>();
  for (const { weight } of rows) wanted.set(weight, (wanted.get(weight) ?? 0) + 1);
  if (wanted.size === 0) return [];
  const counted = await tx
    .insert(rateLimits)
    .values(
      [...wanted.keys()].sort().map((key) => ({ key, windowStart: sql`now()`, count: wanted.get(key) ?? 0 })),
    )
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + excluded.count` } })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  const left = new Map(
    counted.map(({ key, count }) => [
      key,
      Math.max(0, CLIENT_EVENTS_PER_DAY - (count - (wanted.get(key) ?? 0))),
    ]),
  );
  return rows.flatMap(({ row, weight }) => {
    const room = left.get(weight) ?? 0;
    if (room <= 0) return [];
    left.set(weight, room - 1);
    return [row];
  });
}

/** The visitor of one day: HMAC-SHA256(the day's salt, owner | client bucket | agent), 64 bits in hex. */
function visitorHash(salt: Buffer, ownerId: number, clientKey: string, agent: string): string {
  return createHmac('sha256', salt).update(`${ownerId}|${clientKey}|${agent}`).digest('hex').slice(0, 16);
}

/** Whether a request is a person looking: not a crawler, not a page the browser fetched ahead in case. */
function isVisit(input: CardEventInput): boolean {
  return !input.client.prefetch && !isbot(input.client.userAgent);
}

export function createInsightsRecorder(deps: RecorderDeps): InsightsRecorder {
  const { db, log } = deps;
  const salts = createVisitorSalts(db);
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let dropped = 0;

  const schedule = (delay: number) => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void write();
    }, delay);
    // A waiting batch never holds the process open; the server's close flushes it.
    timer.unref();
  };

  /** Resolves owners, sessions and cards of one batch in one query each, and inserts what counts. */
  async function writeBatch(batch: Waiting[]): Promise<void> {
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const { input } of batch) {
      if ('id' in input.owner) ids.add(input.owner.id);
      else names.add(input.owner.username);
    }
    const owners = await db
      .select({ id: users.id, username: users.username, enabled: users.insightsEnabled })
      .from(users)
      .where(
        or(
          names.size > 0 ? inArray(users.username, [...names]) : undefined,
          ids.size > 0 ? inArray(users.id, [...ids]) : undefined,
        ),
      );
    const byName = new Map(owners.map((owner) => [owner.username, owner]));
    const byId = new Map(owners.map((owner) => [owner.id, owner]));

    const tokens = [...new Set(batch.map(({ input }) => input.sessionToken).filter((token) => !!token))];
    const viewers = new Map<string | undefined, number | undefined>();
    await Promise.all(
      tokens.map(async (token) => viewers.set(token, (await deps.sessions.userOf(token))?.id)),
    );

    const cards = [...new Set(batch.map(({ input }) => input.visit.card).filter((card) => card !== null))];
    const claimed = new Map(
      cards.length === 0
        ? []
        : (
            await db
              .select({ serial: serials.serial, owner: serials.claimedBy })
              .from(serials)
              .where(inArray(serials.serial, cards))
          ).map((row) => [row.serial, row.owner]),
    );

    const rows: Array<{ row: typeof cardEvents.$inferInsert; weight: string }> = [];
    for (const { input, at, clientKey, agent } of batch) {
      const owner = 'id' in input.owner ? byId.get(input.owner.id) : byName.get(input.owner.username);
      if (!owner?.enabled) continue;
      if (input.sessionToken && viewers.get(input.sessionToken) === owner.id) continue;
      const card = input.visit.card;
      const salt = await salts.saltOf(utcDay(at));
      rows.push({
        row: {
          ownerId: owner.id,
          kind: input.kind,
          source: input.visit.source,
          // A `via` naming someone else's card (or none at all) still counts as a tap, of no card.
          cardSerial: card !== null && claimed.get(card) === owner.id ? card : null,
          linkId: input.kind === 'click' ? (input.linkId ?? null) : null,
          visitor: visitorHash(salt, owner.id, clientKey, agent),
          occurredAt: at,
        },
        weight: weightKey(salt, owner.id, input.kind, clientKey),
      });
    }
    if (rows.length === 0) return;
    // The owner may switch insights off between the look-up above and this write. Their row is locked while
    // the rows go in, so the switch (which updates it and deletes the events in one transaction) either comes
    // first and is seen here, or waits and deletes these rows too.
    await db.transaction(async (tx) => {
      const ownerIds = [...new Set(rows.map(({ row }) => row.ownerId))];
      const stillOn = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ownerIds), eq(users.insightsEnabled, true)))
        .for('share');
      const on = new Set(stillOn.map((owner) => owner.id));
      const kept = await withinWeight(
        tx,
        rows.filter(({ row }) => on.has(row.ownerId)),
      );
      if (kept.length > 0) await tx.insert(cardEvents).values(kept);
    });
  }

  /** Writes what waits, one batch at a time; a failed batch goes back to the front for the next tick. */
  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH_SIZE);
      waiting = waiting.slice(batch.length);
      try {
        await writeBatch(batch);
      } catch (error) {
        waiting = [...batch, ...waiting];
        trim();
        log.warn({ err: error, waiting: waiting.length }, 'insights batch not written; retrying');
        schedule(BATCH_EVERY_MS);
        throw error;
      }
    }
  }

  function write(): Promise<void> {
    writing ??= drain()
      .catch(() => undefined)
      .finally(() => {
        writing = undefined;
        // Events that arrived as the last batch finished wait for the next tick.
        if (waiting.length > 0) schedule(BATCH_EVERY_MS);
      });
    return writing;
  }

  function trim(): void {
    const over = waiting.length - WAITING_CAP;
    if (over <= 0) return;
    waiting = waiting.slice(over);
    dropped += over;
    log.error({ dropped: over, droppedSoFar: dropped }, 'insights buffer full: oldest events dropped');
  }

  return {
    record(input) {
      if (!isVisit(input)) return;
      waiting.push(waitingOf(input));
      trim();
      if (waiting.length >= BATCH_SIZE) void write();
      else schedule(BATCH_EVERY_MS);
    },

    async flush() {
      clearTimeout(timer);
      timer = undefined;
      // A batch being written finishes first; then everything left, or the error of a batch that failed.
      await writing;
      if (waiting.length > 0) await drain();
    },
  };
}
