import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  type OrderDesignRow,
  orderDesigns,
  orderLines,
  orders,
  type PrintJob,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { runHeavy } from '../../jobs/heavy-work.ts';
import { pollLoop } from '../../jobs/poll-loop.ts';
import { picturesOf } from './picture-refs.ts';

/**
 * How long a process holds the card it took, renewed while it works on it: a crashed process's card is taken
 * by another (or by itself after a restart) within this.
 */
const LOCK_S = 60;
const RENEW_MS = 20_000;
/** Failures (not refusals for a busy pool) after which a card is left for a person to look at. */
const MAX_ATTEMPTS = 5;

export interface PrintFiles {
  /** Looks for work soon (an order with printed cards was just placed). */
  nudge(): void;
  /** Makes every waiting print file this process can take; resolves with how many it made. */
  drain(): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

type Taken = Pick<OrderDesignRow, 'id' | 'printed' | 'printJob'> & { owner: number };

/**
 * The print files of ordered cards, made after the order, one card at a time, in the pool, by a loop in each
 * server process. Like the mail queue, the work is rows: a card without a print file is taken with
 * `FOR UPDATE SKIP LOCKED` and held for LOCK_S, so several processes on one PostgreSQL share the work, and a
 * restart (or a crash) finishes it. The pool's fair queue puts each card in its buyer's turn.
 */
export function createPrintFiles(options: { db: Db; log: FastifyBaseLogger; pollMs?: number }): PrintFiles {
  const { db, log } = options;

  async function take(): Promise<Taken | undefined> {
    const due = db
      .select({ id: orderDesigns.id })
      .from(orderDesigns)
      .where(
        sql`${orderDesigns.printPdf} IS NULL AND ${orderDesigns.printJob} IS NOT NULL
          AND ${orderDesigns.printAttempts} < ${MAX_ATTEMPTS}
          AND (${orderDesigns.printLockedUntil} IS NULL OR ${orderDesigns.printLockedUntil} < now())`,
      )
      .orderBy(orderDesigns.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(orderDesigns)
      .set({
        printLockedUntil: sql`now() + make_interval(secs => ${LOCK_S})`,
        printAttempts: sql`${orderDesigns.printAttempts} + 1`,
      })
      .where(sql`${orderDesigns.id} IN (${due})`)
      .returning({ id: orderDesigns.id, printed: orderDesigns.printed, printJob: orderDesigns.printJob });
    if (!row) return undefined;
    const [order] = await db
      .select({ owner: orders.userId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(orderDesigns, eq(orderDesigns.orderLineId, orderLines.id))
      .where(eq(orderDesigns.id, row.id));
    return { ...row, owner: order?.owner ?? 0 };
  }

  /**
   * The card, while it still holds what this job draws: a correction meanwhile (proofs) wants its own file, so
   * an old job's file, error or lock renewal must not land on it.
   */
  const stillHolds = (card: Taken) =>
    and(
      eq(orderDesigns.id, card.id),
      sql`${orderDesigns.printed} = ${JSON.stringify(card.printed)}::jsonb`,
      card.printJob === null
        ? isNull(orderDesigns.printJob)
        : sql`${orderDesigns.printJob} = ${JSON.stringify(card.printJob)}::jsonb`,
    );

  async function make(card: Taken, job: PrintJob): Promise<void> {
    const ids = [card.printed.logo, card.printed.signature].filter((id): id is number => id !== undefined);
    const pictures = await picturesOf(db, ids, card.owner);
    const renew = setInterval(() => {
      db.update(orderDesigns)
        .set({ printLockedUntil: sql`now() + make_interval(secs => ${LOCK_S})` })
        .where(stillHolds(card))
        .catch(() => undefined);
    }, RENEW_MS);
    let pdf: Buffer;
    try {
      pdf = await runHeavy(`user:${card.owner}`, 'printFile', {
        printed: card.printed,
        design: job.design,
        fields: job.fields,
        qr: job.qr,
        pictures,
      });
    } finally {
      clearInterval(renew);
    }
    await db
      .update(orderDesigns)
      .set({ printPdf: pdf, printLockedUntil: null, printError: null })
      .where(stillHolds(card));
  }

  async function fail(card: Taken, error: unknown) {
    // The pool busy with others' work: not this card's fault, tried again soon and not counted.
    const busy =
      error instanceof AppError && (error.kind === 'unavailable' || error.kind === 'too_many_requests');
    if (!busy) log.error({ err: error, design: card.id }, 'print file failed');
    await db
      .update(orderDesigns)
      .set({
        printLockedUntil: sql`now() + make_interval(secs => ${busy ? 5 : 30})`,
        printError: String((error as Error).message ?? error).slice(0, 500),
        ...(busy ? { printAttempts: sql`${orderDesigns.printAttempts} - 1` } : {}),
      })
      .where(stillHolds(card));
  }

  async function drainOnce(closed: () => boolean): Promise<number> {
    let made = 0;
    while (!closed()) {
      const card = await take();
      if (!card) break;
      try {
        if (!card.printJob) throw new Error('no print job');
        await make(card, card.printJob);
        made++;
      } catch (error) {
        await fail(card, error);
      }
    }
    return made;
  }

  // Nudged when an order with printed cards was just placed: soon, not now, so its transaction commits first.
  return pollLoop({
    drainOnce,
    intervalMs: options.pollMs ?? 2000,
    log,
    failure: 'print files: database not reachable',
  });
}
