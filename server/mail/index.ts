import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { runHeavy } from '../jobs/heavy-work.ts';
import { composeMail } from './compose.ts';
import type { MailMessage } from './message.ts';
import { createMailQueue } from './queue.ts';

/** Attachments (base64 text) up to this size are encoded on the request thread: a vCard, an invoice. */
const INLINE_ATTACHMENTS_CHARS = 256 * 1024;

export interface Mailer {
  /** Sends now through the transport; throws when it fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues the message in the database — inside the caller's transaction when given one, so the message
   * exists exactly when what it tells of does — and a worker sends it, retrying while the mail server is
   * down. Nothing is lost when the process or the mail server stops.
   */
  sendLater(message: MailMessage, tx?: Db | Tx): Promise<void>;
  /** Sends the queued messages that are due now; returns how many went out. */
  drain(): Promise<number>;
  /** Starts sending queued messages in the background (every second, and soon after each sendLater). */
  start(): void;
  /** Stops the background worker and waits for a send in progress. */
  close(): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  db: Db;
  /** How often the worker looks for due messages (ms). */
  pollMs?: number;
}

/**
 * nodemailer over SMTP_URL; without it, each message becomes an .eml file in DATA_DIR/outbox so the
 * one-command install can still activate accounts. Either way messages go through the `mail_queue` table.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  async function send(message: MailMessage): Promise<void> {
    const mail = {
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    };
    const input = { mail, newline: smtp ? ('windows' as const) : ('unix' as const) };
    const attached = (message.attachments ?? []).reduce((sum, each) => sum + each.content.length, 0);
    const { raw, envelope } =
      attached > INLINE_ATTACHMENTS_CHARS
        ? await runHeavy('job:mail', 'composeMail', input)
        : await composeMail(input);
    if (smtp) {
      await smtp.sendMail({ envelope, raw });
      return;
    }
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, raw);
    log.info(
      { to: message.to, subject: message.subject, file, link: message.link },
      'mail written to the outbox',
    );
  }

  const queue = createMailQueue({ db: options.db, send, log, pollMs: options.pollMs });
  return { mode: smtp ? 'smtp' : 'outbox', send, ...queue };
}
