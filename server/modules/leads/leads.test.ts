import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leads } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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

let ip = 0;
const post = (url: string, payload: object, remoteAddress = `10.50.0.${++ip}`) =>
  request(t, { method: 'POST', url, body: payload, remoteAddress });

const contact = {
  firstName: 'Grace',
  email: 'Grace@Example.test',
  phoneNumber: '+1 415 555 0100',
  subject: 'A new website',
  message: 'We need a new website for our clinic.\nCan we talk next week?',
};

it('stores a contact message first, then mails sales with the sender as reply-to', async () => {
  const response = await post('/api/contact/', contact);
  expect(response.status).toBe(201);
  expect(response.body).toEqual({ detail: 'Thank you! Your message has been sent.' });
  const [row] = await t.database.db.select().from(leads).where(eq(leads.email, 'grace@example.test'));
  expect(row).toMatchObject({ kind: 'contact', name: 'Grace', phone: '+1 415 555 0100', status: 'new' });
  const mail = await smtp.waitFor('sales@shop.test', (m) => m.subject.includes('A new website'));
  expect(mail.text).toContain('Can we talk next week?');
  expect(mail.text).toContain('grace@example.test');
});

it('needs all five contact fields, with a message per field', async () => {
  const response = await post('/api/contact/', { ...contact, phoneNumber: '', subject: '   ' });
  expect(response.status).toBe(400);
  expect(response.body.errors).toMatchObject({
    phoneNumber: ['This field is required.'],
    subject: ['This field is required.'],
  });
  expect((await post('/api/contact/', { ...contact, email: 'nope' })).body.errors.email).toEqual([
    'Enter a valid email address.',
  ]);
});

it('takes a consultation request from a service page', async () => {
  const response = await post('/api/consultation/', {
    name: 'Alan',
    email: 'alan@example.test',
    message: 'Moving our servers to the cloud.',
    service: 'cloud-solutions',
  });
  expect(response.status).toBe(201);
  const [row] = await t.database.db.select().from(leads).where(eq(leads.email, 'alan@example.test'));
  expect(row).toMatchObject({
    kind: 'consultation',
    service: 'cloud-solutions',
    subject: 'Cloud Solutions',
  });
  const mail = await smtp.waitFor('sales@shop.test', (m) => m.text.includes('Moving our servers'));
  expect(mail.subject).toBe('Free consultation: Cloud Solutions');
});

it('answers a filled honeypot like a success and keeps nothing', async () => {
  const response = await post('/api/contact/', {
    ...contact,
    email: 'bot@example.test',
    website: 'http://spam.example',
  });
  expect(response.status).toBe(201);
  expect(await t.database.db.select().from(leads).where(eq(leads.email, 'bot@example.test'))).toEqual([]);
});

it('limits one client to 5 messages an hour', async () => {
  const address = '10.60.0.1';
  for (let i = 0; i < 5; i++) {
    expect((await post('/api/contact/', { ...contact, subject: `Try ${i}` }, address)).status).toBe(201);
  }
  const limited = await post(
    '/api/consultation/',
    { name: 'A', email: 'a@example.test', message: 'x' },
    address,
  );
  expect(limited.status).toBe(429);
  expect(limited.body.detail).toBe('Too many attempts. Try again later.');
});

it('keeps the lead when the mail server is down', async () => {
  const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  try {
    const response = await request(down, { method: 'POST', url: '/api/contact/', body: contact });
    expect(response.status).toBe(201);
    expect(await down.database.db.select().from(leads)).toHaveLength(1);
  } finally {
    await down.close();
  }
});
