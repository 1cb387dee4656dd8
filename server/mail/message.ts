import type { MailAttachment } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged in outbox mode so a local install can follow it. */
  link?: string;
  /** Where a reply goes (a lead's sender), when not to MAIL_FROM. */
  replyTo?: string;
  attachments?: MailAttachment[];
}
