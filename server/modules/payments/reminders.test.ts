import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentReminders, users } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/index.ts';
import { insertPendingOrder } from '../../test/placed-orders.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordPayment } from './ledger.ts';
import { remindUnpaid } from './reminders.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-01T09:00:00Z');

/** What the reminders need from a process: its database and a mailer that queues (the app's own sends). */
const depsOf = (app: TestApp) => ({
  db: app.database.db,
  mailer: createMailer({
    smtpUrl: smtp.url,
    from: 'shop@shop.test',
    outboxDir: '/nonexistent',
    log: app.app.log,
    db: app.database.db,
  }),
  publicUrl: 'http://shop.test',
});

/** A confirmed order of a buyer of its own, due `dueDaysAgo` days before NOW (5000 cents). */
async function dueOrder(dueDaysAgo: number) {
  const suffix = randomBytes(4).toString('hex');
  const [buyer] = await t.database.db
    .insert(users)
    .values({
      username: `due-${suffix}`,
      email: `due-${suffix}@example.test`,
      passwordHash: 'x',
      firstName: 'Dee',
    })
    .returning();
  if (!buyer) throw new Error('no buyer');
  const order = await insertPendingOrder(t.database.db, buyer.id);
  await t.database.db
    .update(orders)
    .set({ status: 'confirmed', dueAt: new Date(NOW.getTime() - dueDaysAgo * DAY_MS) })
    .where(eq(orders.id, order.id));
  return { ...order, email: buyer.email, buyerId: buyer.id };
}

const stagesOf = async (orderId: number) =>
  (
    await t.database.db
      .select({ stage: paymentReminders.stage })
      .from(paymentReminders)
      .where(eq(paymentReminders.orderId, orderId))
  )
    .map((row) => row.stage)
    .sort((a, b) => a - b);

describe('payment reminders', () => {
  it('reminds on the due date, then 7 and 14 days after, each once, and never a paid or cancelled order', async () => {
    const deps = depsOf(t);
    const notYet = await dueOrder(-1);
    const today = await dueOrder(0);
    const week = await dueOrder(8);
    const paid = await dueOrder(3);
    const cancelled = await dueOrder(3);
    await t.database.db.transaction((tx) =>
      recordPayment(
        tx,
        { id: paid.buyerId, email: 'system' },
        { orderId: paid.id, method: 'other', amountCents: 5000 },
      ),
    );
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));

    await remindUnpaid(deps, NOW);
    expect(await stagesOf(notYet.id)).toEqual([]);
    expect(await stagesOf(today.id)).toEqual([0]);
    // Eight days late and never reminded: the newest stage reached goes, not a backlog.
    expect(await stagesOf(week.id)).toEqual([7]);
    expect(await stagesOf(paid.id)).toEqual([]);
    expect(await stagesOf(cancelled.id)).toEqual([]);
    const first = await smtp.waitFor(today.email);
    expect(first.subject).toContain(`Reminder: payment for your`);
    expect(first.text).toContain(
      `the invoice for your order ${today.number} is due today, and $50.00 of it is still open`,
    );
    expect(first.text).toContain('RF');
    expect(first.text).toContain(`http://shop.test/profile#order-${today.number}`);
    expect((await smtp.waitFor(week.email)).text).toContain('was due on Nov 23, 2026');

    // Run again the same day: nothing more.
    await remindUnpaid(deps, NOW);
    expect(await stagesOf(today.id)).toEqual([0]);

    // Paid meanwhile: the next stage is not sent.
    await t.database.db.transaction((tx) =>
      recordPayment(
        tx,
        { id: week.buyerId, email: 'system' },
        { orderId: week.id, method: 'other', amountCents: 5000 },
      ),
    );
    // A week later: the second reminder; two weeks: the third; then no more.
    await remindUnpaid(deps, new Date(NOW.getTime() + 7 * DAY_MS));
    expect(await stagesOf(today.id)).toEqual([0, 7]);
    await remindUnpaid(deps, new Date(NOW.getTime() + 14 * DAY_MS));
    expect(await stagesOf(today.id)).toEqual([0, 7, 14]);
    await remindUnpaid(deps, new Date(NOW.getTime() + 40 * DAY_MS));
    expect(await stagesOf(today.id)).toEqual([0, 7, 14]);

    expect(await stagesOf(week.id)).toEqual([7]);
  }, 60_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'sends each reminder once when two processes run at once on one database',
    async () => {
      const other = await createTestApp({ SMTP_URL: smtp.url }, { sameDatabaseAs: t });
      try {
        const due = await Promise.all(
          Array.from({ length: 12 }, (_, index) => dueOrder(index % 2 === 0 ? 0 : 7)),
        );
        const counts = await Promise.all([
          remindUnpaid(depsOf(t), NOW),
          remindUnpaid(depsOf(other), NOW),
          remindUnpaid(depsOf(t), NOW),
        ]);
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(due.length);
        for (const order of due) {
          expect(await stagesOf(order.id)).toHaveLength(1);
          await smtp.waitFor(order.email);
        }
        // No second mail comes for any of them.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const emails = new Set(due.map((order) => order.email));
        expect(smtp.messages.filter((mail) => emails.has(mail.to))).toEqual([]);
      } finally {
        await other.close();
      }
    },
    60_000,
  );
});
