import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cards } from '../../db/schema/index.ts';
import { personalBuyer, personalCard } from '../../test/personalised-buyers.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin } from '../../test/users.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO_SALES: 'sales@shop.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const members = ['ana', 'ben', 'cleo', 'dev', 'eli'].map((name, i) => ({
  name: `Member ${i + 1}`,
  member_email: `${name}@team.test`,
}));

it('counts a Team Pack of 5 as 5 printed cards beside its 1 unit, on every view and in both mails', async () => {
  const pack = await personalCard(t, ['name'], 5);
  const plain = await personalCard(t, ['name'], 1);
  const buyer = await personalBuyer(t, 'Cora');
  const placed = await buyer.call(
    'POST',
    '/api/orders/',
    {
      address: buyer.addressId,
      items: [
        { card: pack.id, design: pack.category, quantity: 1, personalisation: members },
        { card: plain.id, design: plain.category, quantity: 2 },
      ],
    },
    { 'idempotency-key': `test-${randomBytes(8).toString('hex')}` },
  );
  expect(placed.status).toBe(201);
  // 1 pack and 2 plain cards: 3 units, 7 printed cards.
  expect(placed.body).toMatchObject({ item_count: 3, card_count: 7 });

  const own = await buyer.call('GET', `/api/orders/${placed.body.id}/`);
  expect(own.body).toMatchObject({ item_count: 3, card_count: 7 });
  const history = await buyer.call('GET', '/api/orders/');
  expect(history.body.results[0]).toMatchObject({ id: placed.body.id, card_count: 7 });

  const admin = await signedInAdmin(t);
  const asAdmin = (url: string) => request(t, { method: 'GET', url, cookie: admin.cookie });
  const row = (await asAdmin(`/api/admin/orders/?search=${placed.body.number}`)).body.results[0];
  expect(row).toMatchObject({ number: placed.body.number, item_count: 3, card_count: 7 });
  expect((await asAdmin(`/api/admin/orders/${placed.body.id}/`)).body).toMatchObject({ card_count: 7 });

  const mail = await smtp.waitFor(buyer.email);
  expect(mail.text).toMatch(/Total: \$[\d.]+ \(7 cards\)/);
  const sales = await smtp.waitFor('sales@shop.test', (m) => m.subject.includes(placed.body.number));
  expect(sales.text).toMatch(/\(7 cards\)/);

  // A line without personalisation counts its card's pack size as it is now: order lines keep none.
  await t.database.db.update(cards).set({ packSize: 5 }).where(eq(cards.id, plain.id));
  expect((await buyer.call('GET', `/api/orders/${placed.body.id}/`)).body.card_count).toBe(15);
});
