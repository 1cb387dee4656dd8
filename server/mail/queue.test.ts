import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyMigrations } from '../db/migrate.ts';
import { cards, mailQueue } from '../db/schema/index.ts';
import { freePort } from '../test/free-port.ts';
import { request } from '../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';
import type { MailMessage } from './message.ts';
import { createMailQueue, RETRY_DELAYS_S } from './queue.ts';

let t: TestApp;
/**
 * A migrated database no app runs on: an app's own worker would take messages from the queue beside the
 * test's workers and send them elsewhere.
 */
let quiet: TestDatabase;
let port: number;
let smtp: SmtpCapture | undefined;
beforeAll(async () => {
  port = await freePort();
  // The mail server is down when the app starts: nothing listens on SMTP_URL yet.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TO_SALES: 'sales@shop.test' });
  await t.app.ready();
  quiet = await openTestDatabase();
  await quiet.database.exclusive((db) => applyMigrations(quiet.database, db));
});
afterAll(async () => {
  await t?.close();
  await quiet?.drop();
  await smtp?.close();
});

const queued = () => t.database.db.select().from(mailQueue);
const silent = { error() {}, warn() {}, info() {} } as never;

it('keeps every message while the mail server is down and sends it once it is back', async () => {
  const contact = await request(t, {
    method: 'POST',
    url: '/api/contact/',
    body: {
      firstName: 'Rae',
      email: 'rae@example.test',
      phoneNumber: '555 0101',
      subject: 'Outage',
      message: 'Hello?',
    },
    remoteAddress: '10.60.0.1',
  });
  expect(contact.status).toBe(201);
  const forgot = await request(t, {
    method: 'POST',
    url: '/api/auth/forgot-password/',
    body: { email: (await signedInUser(t)).email },
    remoteAddress: '10.60.0.2',
  });
  expect(forgot.status).toBe(200);

  // The worker tried, failed and scheduled a retry; both messages wait in the queue.
  await expect
    .poll(async () => (await queued()).filter((row) => row.attempts >= 1 && row.lastError).length, {
      timeout: 10_000,
    })
    .toBe(2);
  const rows = await queued();
  expect(rows.map((row) => row.subject).sort()).toEqual(
    expect.arrayContaining([expect.stringContaining('Outage'), expect.stringContaining('Reset your')]),
  );
  expect(rows.every((row) => row.failedAt === null && row.nextAttemptAt.getTime() > Date.now())).toBe(true);

  // The mail server comes back; when the retry is due, the worker sends both and forgets them.
  smtp = await startSmtpCapture(port);
  await t.database.db.update(mailQueue).set({ nextAttemptAt: sql`now()` });
  const lead = await smtp.waitFor('sales@shop.test', (mail) => mail.subject.includes('Outage'));
  expect(lead.text).toContain('Hello?');
  await expect.poll(async () => (await queued()).length, { timeout: 10_000 }).toBe(0);
});

it('queues an order’s e-mails with the order, and none for an order that fails', async () => {
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: 'Queue Card',
      slug: 'queue-card',
      sku: 'QUEUE-CARD',
      priceCents: 1000,
      category: 'Matte Black',
      stock: 1,
    })
    .returning();
  const buyer = await signedInUser(t);
  const address = (
    await request(t, {
      method: 'POST',
      url: '/api/auth/address/',
      cookie: buyer.cookie,
      body: { address: '1 Queue St', city: 'Cork', state: '', country: 'Ireland', postal_code: 'T12 X2YZ' },
    })
  ).body;
  const order = (quantity: number, key: string) =>
    request(t, {
      method: 'POST',
      url: '/api/orders/',
      cookie: buyer.cookie,
      headers: { 'idempotency-key': key },
      body: { address: address.id, items: [{ card: card?.id, quantity, design: 'Matte Black' }] },
    });
  const before = (await queued()).length;
  expect((await order(2, 'queue-order-too-many')).status).toBe(409);
  const failed = (await queued()).length;
  expect(failed).toBe(before);
  expect((await order(1, 'queue-order-ok')).status).toBe(201);
  await smtp?.waitFor(buyer.email, (mail) => mail.subject.includes('order'));
  await smtp?.waitFor('sales@shop.test', (mail) => mail.subject.startsWith('New order'));
});

it('sends each message once when several workers drain the same queue', async () => {
  const messages: MailMessage[] = Array.from({ length: 30 }, (_, i) => ({
    to: `many-${i}@example.test`,
    subject: `Message ${i}`,
    text: 'x',
    html: '<p>x</p>',
  }));
  const sent: string[] = [];
  const worker = () =>
    createMailQueue({
      db: quiet.database.db,
      log: silent,
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(message.to);
      },
    });
  const a = worker();
  const b = worker();
  const c = worker();
  for (const message of messages) await a.sendLater(message);
  const counts = await Promise.all([a.drain(), b.drain(), c.drain()]);
  const mine = sent.filter((to) => to.startsWith('many-'));
  expect(mine.sort()).toEqual(messages.map((message) => message.to).sort());
  expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(30);
  expect(
    (await quiet.database.db.select().from(mailQueue)).filter((row) => row.toAddress.startsWith('many-')),
  ).toHaveLength(0);
});

it('leaves a message a crashed worker holds until its lock expires, and gives up after the last retry', async () => {
  const failing = createMailQueue({
    db: quiet.database.db,
    log: silent,
    send: async () => {
      throw new Error('550 mailbox unavailable');
    },
  });
  await failing.sendLater({ to: 'held@example.test', subject: 'Held', text: 'x', html: 'x' });
  await quiet.database.db
    .update(mailQueue)
    .set({ lockedUntil: sql`now() + interval '1 minute'` })
    .where(eq(mailQueue.toAddress, 'held@example.test'));
  await failing.drain();
  const [held] = await quiet.database.db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.toAddress, 'held@example.test'));
  expect(held?.attempts).toBe(0);

  await quiet.database.db
    .update(mailQueue)
    .set({ lockedUntil: sql`now() - interval '1 second'`, attempts: RETRY_DELAYS_S.length })
    .where(eq(mailQueue.toAddress, 'held@example.test'));
  await failing.drain();
  const [given] = await quiet.database.db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.toAddress, 'held@example.test'));
  expect(given?.failedAt).not.toBeNull();
  expect(given?.lastError).toBe('550 mailbox unavailable');
  // A given-up message is never taken again.
  await quiet.database.db
    .update(mailQueue)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailQueue.toAddress, 'held@example.test'));
  expect(await failing.drain()).toBe(0);
});
