import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged in outbox mode so a local install can follow it. */
  link?: string;
  /** Where a reply goes (a lead's sender), when not to MAIL_FROM. */
  replyTo?: string;
}

export interface Mailer {
  /** Sends now; throws when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /** Sends in the background, retrying a failed transport a few times; failures are logged, never thrown. */
  sendLater(message: MailMessage): void;
  readonly mode: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Waits between retries of sendLater (ms). */
  retryDelays?: number[];
}

/**
 * nodemailer over SMTP_URL; without it, each message becomes an .eml file in DATA_DIR/outbox so the
 * one-command install can still activate accounts.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  const retryDelays = options.retryDelays ?? [2_000, 10_000, 60_000];
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: MailMessage): Promise<void> {
    const mail = {
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    };
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const info = await outbox.sendMail(mail);
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer);
    log.info(
      { to: message.to, subject: message.subject, file, link: message.link },
      'mail written to the outbox',
    );
  }

  return {
    mode: smtp ? 'smtp' : 'outbox',
    send,
    sendLater(message) {
      void (async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            await send(message);
            return;
          } catch (error) {
            const delay = retryDelays[attempt];
            log.error({ err: error, subject: message.subject, attempt: attempt + 1 }, 'mail failed');
            if (delay === undefined) return;
            await sleep(delay);
          }
        }
      })();
    },
  };
}
