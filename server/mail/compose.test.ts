import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeHeavyWork } from '../jobs/heavy-work.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createMailer } from './index.ts';

// A proof's PDF of a few MB is composed in the heavy-work pool, a small attachment on the request thread:
// either way the message that arrives carries the same bytes, over SMTP and in the outbox.
let smtp: SmtpCapture;
let outboxDir: string;
const log = { info() {}, warn() {}, error() {} } as never;
const db = {} as never;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
});
afterAll(async () => {
  closeHeavyWork();
  await smtp?.close();
  await rm(outboxDir, { recursive: true, force: true });
});

const message = (to: string, bytes: Buffer) => ({
  to,
  subject: 'Your proof',
  text: 'Attached.',
  html: '<p>Attached.</p>',
  attachments: [
    {
      filename: 'proof.pdf',
      contentType: 'application/pdf',
      content: bytes.toString('base64'),
      encoding: 'base64' as const,
    },
  ],
});

it('sends a large attachment and a small one over SMTP byte for byte, from the firm', async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Firm <hello@firm.test>', outboxDir, log, db });
  const large = randomBytes(3 * 1024 * 1024);
  const small = randomBytes(2_000);
  await mailer.send(message('large@example.test', large));
  await mailer.send(message('small@example.test', small));
  for (const [to, bytes] of [
    ['large@example.test', large],
    ['small@example.test', small],
  ] as const) {
    const mail = await smtp.waitFor(to, () => true);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.data.equals(bytes)).toBe(true);
    expect(mail.subject).toBe('Your proof');
  }
});

it('writes a large attachment to the outbox byte for byte, with Unix line ends', async () => {
  const mailer = createMailer({ smtpUrl: undefined, from: 'Firm <hello@firm.test>', outboxDir, log, db });
  const large = randomBytes(1024 * 1024);
  await mailer.send(message('outbox@example.test', large));
  const [file] = await readdir(outboxDir);
  const raw = await readFile(path.join(outboxDir, file ?? ''));
  expect(raw.includes('\r\n')).toBe(false);
  const parsed = await simpleParser(raw);
  expect(parsed.attachments[0]?.content.equals(large)).toBe(true);
  expect(parsed.from?.value[0]).toMatchObject({ name: 'Firm', address: 'hello@firm.test' });
});
