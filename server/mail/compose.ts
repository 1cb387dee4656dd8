import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export interface ComposeInput {
  mail: Mail.Options;
  /** SMTP wants CRLF; the outbox's .eml files are written with LF. */
  newline: 'windows' | 'unix';
}

interface ComposedMail {
  raw: Buffer;
  envelope: { from: string; to: string[] };
}

const composers = {
  windows: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  unix: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
};

/**
 * The message as its MIME bytes and its envelope. nodemailer encodes an attachment in JavaScript, a byte at a
 * time (base64 lines, line endings): a proof's PDF of a few MB held the event loop 70–110 ms a message, so
 * messages with large attachments are composed in the heavy-work pool (the `composeMail` task), small ones here.
 */
export async function composeMail({ mail, newline }: ComposeInput): Promise<ComposedMail> {
  const info = await composers[newline].sendMail(mail);
  const envelope = info.envelope as { from: string | false; to: string[] };
  return { raw: info.message as Buffer, envelope: { from: envelope.from || '', to: envelope.to } };
}
