import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { type MailQueueRow, mailQueue } from '../db/schema/index.ts';
import { pollLoop } from '../jobs/poll-loop.ts';
import type { MailMessage } from './message.ts';

/** Waits after the 1st, 2nd… failed attempt (s): about 15 hours in all before a message is given up. */
export const RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];
/** How long a worker holds the messages it took; a crashed worker's messages are sent by another after it. */
const LOCK_S = 120;
const BATCH = 20;

interface MailQueue {
  sendLater(message: MailMessage, tx?: Db | Tx): Promise<void>;
  drain(): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

function toMessage(row: MailQueueRow): MailMessage {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...(row.link ? { link: row.link } : {}),
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}

/**
 * The durable half of the mailer: messages are rows, taken by one worker at a time (`FOR UPDATE SKIP
 * LOCKED`, so several processes on one PostgreSQL never send a message twice at once), deleted once sent,
 * retried later when the transport fails. Delivery is at least once: a process killed between the mail
 * server's answer and the delete sends that message again after the lock expires.
 */
export function createMailQueue(options: {
  db: Db;
  send(message: MailMessage): Promise<void>;
  log: FastifyBaseLogger;
  pollMs?: number | undefined;
}): MailQueue {
  const { db, log } = options;

  async function take(): Promise<MailQueueRow[]> {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          isNull(mailQueue.failedAt),
          lte(mailQueue.nextAttemptAt, sql`now()`),
          or(isNull(mailQueue.lockedUntil), lt(mailQueue.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${LOCK_S})`,
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(sql`${mailQueue.id} IN (${due})`)
      .returning();
  }

  async function deliver(row: MailQueueRow): Promise<boolean> {
    try {
      await options.send(toMessage(row));
    } catch (error) {
      const delay = RETRY_DELAYS_S[row.attempts - 1];
      log.error({ err: error, subject: row.subject, attempt: row.attempts }, 'mail failed');
      await db
        .update(mailQueue)
        .set({
          lockedUntil: null,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          ...(delay === undefined
            ? { failedAt: sql`now()` }
            : { nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }),
        })
        .where(eq(mailQueue.id, row.id));
      return false;
    }
    // The body may hold a one-time link: nothing of a sent message is kept.
    await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    return true;
  }

  async function drainOnce(closed: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await take();
      for (const row of rows) if (await deliver(row)) sent++;
      if (rows.length < BATCH || closed()) return sent;
    }
  }

  const loop = pollLoop({
    drainOnce,
    intervalMs: options.pollMs ?? 1000,
    log,
    failure: 'mail queue not reachable',
  });

  return {
    async sendLater(message, tx) {
      await (tx ?? db).insert(mailQueue).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ?? null,
        link: message.link ?? null,
        attachments: message.attachments?.length ? message.attachments : null,
      });
      // Soon, not now: a caller's transaction commits first, and several messages go out in one drain.
      loop.nudge();
    },
    drain: loop.drain,
    start: loop.start,
    close: loop.close,
  };
}
