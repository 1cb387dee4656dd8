import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { utcDay } from '../../../../common/insights.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import { company } from '../../../../content/company.ts';
import { appMeta, serialFlags } from '../../../db/schema/index.ts';
import { createMailQueue } from '../../../mail/queue.ts';
import { days, newSerials } from '../../../test/registry-events.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { REPORTED_ON, reportNewFlags } from './report.ts';

const FIRM = 'registry@firm.test';
let t: TestApp;
let smtp: SmtpCapture;
let mailer: ReturnType<typeof createMailQueue>;
let codes: Array<{ id: number; serial: string }>;
const options = { to: FIRM, publicUrl: 'http://shop.test' };
// Days of the future, after the server's own start-up report (which had nothing to tell). Noon UTC, so "an
// hour later" is the same day whatever the time the test runs.
const day1 = new Date(Math.floor(Date.now() / days(1)) * days(1) + days(10) + days(0.5));
const day1Later = new Date(day1.getTime() + 60 * 60 * 1000);
const day2 = new Date(day1.getTime() + days(1));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO_SALES: FIRM });
  // Queues into the same mail_queue the app's worker sends from.
  mailer = createMailQueue({
    db: t.database.db,
    send: () => Promise.reject(new Error('the app sends')),
    log: t.app.log,
  });
  codes = await newSerials(t.database.db, 3);
  // The server's own sweep (at start, then hourly) reports in real time: today's report counts as sent, so
  // it leaves this test's flags to the test's own days.
  await t.database.db
    .insert(appMeta)
    .values({ key: REPORTED_ON, value: utcDay(new Date()) })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: utcDay(new Date()) } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function flag(serialId: number, kind: 'replayed_counter' | 'many_checkers', detail: string) {
  await t.database.db.insert(serialFlags).values({ serialId, kind, detail });
}

it('mails the firm the new flags once, marks them reported, and sends nothing more that day', async () => {
  const [a, b, c] = codes as [(typeof codes)[0], (typeof codes)[0], (typeof codes)[0]];
  await flag(a.id, 'replayed_counter', 'Counter 41 replayed 3 times, last 2026-11-24 10:02 UTC');
  await flag(b.id, 'many_checkers', 'Printed serial checked by 6 different clients within 30 days');
  // Two processes at once: one mail.
  const sent = await Promise.all([
    reportNewFlags(t.database.db, mailer, options, day1),
    reportNewFlags(t.database.db, mailer, options, day1),
  ]);
  expect(sent.sort()).toEqual([0, 2]);
  const mail = await smtp.waitFor(FIRM);
  expect(mail.subject).toBe(`${company.name} registry: 2 serials flagged`);
  expect(mail.text).toContain(
    `${formatSerial(a.serial)} — Replayed counter: Counter 41 replayed 3 times, last 2026-11-24 10:02 UTC.\nhttp://shop.test/admin/serials/${a.serial}`,
  );
  expect(mail.text).toContain(
    `${formatSerial(b.serial)} — Many checkers of the printed serial: Printed serial checked by 6 different clients within 30 days.\nhttp://shop.test/admin/serials/${b.serial}`,
  );
  expect(await t.database.db.select().from(serialFlags).where(isNull(serialFlags.reportedAt))).toHaveLength(
    0,
  );

  // A flag raised later that day waits for tomorrow.
  await flag(c.id, 'replayed_counter', 'Counter 9 replayed once, last 2026-11-25 08:00 UTC');
  expect(await reportNewFlags(t.database.db, mailer, options, day1Later)).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(smtp.messages.filter((message) => message.to === FIRM)).toHaveLength(0);

  // Tomorrow: only that one, not the ones already reported.
  expect(await reportNewFlags(t.database.db, mailer, options, day2)).toBe(1);
  const next = await smtp.waitFor(FIRM);
  expect(next.subject).toBe(`${company.name} registry: 1 serial flagged`);
  expect(next.text).toContain(formatSerial(c.serial));
  expect(next.text).not.toContain(formatSerial(a.serial));
  expect(next.text).not.toContain(formatSerial(b.serial));
  // Nothing new: no mail, however often it runs.
  expect(await reportNewFlags(t.database.db, mailer, options, new Date(day2.getTime() + days(1)))).toBe(0);
  const [reported] = await t.database.db.select().from(serialFlags).where(eq(serialFlags.serialId, c.id));
  expect(reported?.reportedAt).toEqual(day2);
});
