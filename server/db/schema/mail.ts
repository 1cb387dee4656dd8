import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A small file sent with a message (a contact's .vcf, a proof's or an invoice's PDF), kept inline in its queue
 * row until sent: text as it is, binary as base64.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

/**
 * E-mails waiting to be sent. A message is written here (in the same transaction as what it tells of, where
 * there is one) and deleted once the mail server took it, so a mail server that is down loses nothing.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** The link the message is about (logged when mail goes to the DATA_DIR outbox). */
    link: text('link'),
    /** Small files sent with the message (a .vcf), their text inline. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that took the message holds it until then (a crashed worker's messages come back). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when every attempt failed; the message stays for an operator to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_queue_due_idx').on(table.nextAttemptAt, table.id)],
);

export type MailQueueRow = typeof mailQueue.$inferSelect;
