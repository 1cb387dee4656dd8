import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfPrinted, rfReference } from '../../../common/rf-reference.ts';
import { company } from '../../../content/company.ts';
import { auditLog, invoices, orders, users } from '../../db/schema/index.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertPendingOrder } from '../../test/placed-orders.ts';
import { request } from '../../test/request.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { recordPayment, recordRefund } from '../payments/ledger.ts';
import { issueCreditNote, issueInvoice, prepareDocument } from './invoices.ts';

let t: TestApp;
let smtp: SmtpCapture;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Customer = Awaited<ReturnType<typeof signedInUser>>;

async function customerOrder(customer?: Customer, lines?: Parameters<typeof insertPendingOrder>[2]) {
  const who = customer ?? (await signedInUser(t, { firstName: 'Zoë', lastName: 'Łukasiewicz' }));
  return { customer: who, order: await insertPendingOrder(t.database.db, who.id, lines) };
}

async function moveTo(orderId: number, status: 'confirmed' | 'cancelled') {
  const answer = await request(t, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status/`,
    cookie: admin.cookie,
    body: { status, note: '' },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const words = (text: string) => text.replace(/\s+/g, ' ');

const download = (url: string, cookie?: string) => request(t, { url, ...(cookie ? { cookie } : {}) });

describe('an order confirmed by the firm', () => {
  let customer: Customer;
  let order: { id: number; number: string };

  beforeAll(async () => {
    ({ customer, order } = await customerOrder(undefined, [
      { name: 'Matte Black Card', sku: 'MB-01', design: 'Matte Black', unitPriceCents: 2500, quantity: 2 },
      { name: 'Bamboo Card', sku: 'BB-02', design: 'Natural', unitPriceCents: 3999, quantity: 1 },
    ]));
    const confirmed = await moveTo(order.id, 'confirmed');
    expect(confirmed.invoices).toEqual([
      {
        kind: 'invoice',
        number: `INV-${year}-0001`,
        issued_at: expect.any(String),
        url: `/api/orders/${order.number}/documents/INV-${year}-0001.pdf`,
      },
    ]);
  });

  it('gets the year’s first invoice number, shown in its own order list', async () => {
    const own = await request(t, { url: '/api/orders/', cookie: customer.cookie });
    const listed = own.body.results.find((row: { id: number }) => row.id === order.id);
    expect(listed.invoices.map((document: { number: string }) => document.number)).toEqual([
      `INV-${year}-0001`,
    ]);
  });

  it('is downloaded by its owner as a PDF naming the firm, the customer, the lines, the totals and how to pay', async () => {
    const answer = await download(`/api/orders/${order.number}/invoice.pdf`, customer.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="INV-${year}-0001.pdf"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(answer.raw);
    for (const expected of [
      'INVOICE',
      `INV-${year}-0001`,
      order.number,
      company.name,
      company.legalName,
      ...company.registeredAddress.lines,
      'San Francisco, CA 94111',
      'United States',
      `EIN: ${company.taxNumbers[0]?.value}`,
      'Supply date',
      company.email,
      company.phone,
      'Zoë Łukasiewicz',
      customer.email,
      '1 Quay Street',
      'Galway, H91 AB12',
      'Ireland',
      'Matte Black Card',
      'MB-01',
      'Design: Natural',
      'Bamboo Card',
      '$25.00',
      '$50.00',
      '$39.99',
      'Shipping',
      'Sales tax 0 % on $89.99',
      company.payment.bank,
      company.payment.accountNumber,
      company.payment.routingNumber,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Subtotal\s+\$89\.99/);
    expect(text).toMatch(/Total due\s+\$89\.99/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Payment terms: 14 days. Please pay by bank transfer by ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + 14 * 86_400_000))}, quoting the payment reference ${rfPrinted(rfReference(order.number))} (invoice INV-${year}-0001).`,
    );
  });

  it('is attached to the confirmation e-mail, the same bytes as the download', async () => {
    const mail = await smtp.waitFor(customer.email, (message) => message.subject.includes('Confirmed'));
    expect(mail.text).toContain(`Your invoice INV-${year}-0001 is attached.`);
    // The same reference the invoice asks the transfer to quote, never the invoice's number.
    expect(mail.text).toContain(
      `quoting this reference so that we find your payment at once: ${rfPrinted(rfReference(order.number))}.`,
    );
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`INV-${year}-0001.pdf`, 'application/pdf'],
    ]);
    const downloaded = await download(`/api/orders/${order.number}/invoice.pdf`, customer.cookie);
    expect(mail.attachments[0]?.data.equals(downloaded.raw)).toBe(true);
  });

  it('is stable: issuing again returns the same number and bytes, and the next order takes the next number', async () => {
    const before = await download(`/api/orders/${order.number}/invoice.pdf`, customer.cookie);
    const again = await t.database.db.transaction((tx) => issueInvoice(tx, admin, order.id));
    expect(again.number).toBe(`INV-${year}-0001`);
    expect(again.pdf.equals(before.raw)).toBe(true);

    const next = await customerOrder(customer);
    const confirmed = await moveTo(next.order.id, 'confirmed');
    expect(confirmed.invoices[0].number).toBe(`INV-${year}-0002`);
  });

  it('numbers each year from 0001 (the issue date’s year in UTC)', async () => {
    const { order: later } = await customerOrder(customer);
    const issued = await t.database.db.transaction((tx) =>
      issueInvoice(tx, admin, later.id, { issuedAt: new Date('2031-01-01T00:00:01Z') }),
    );
    expect([issued.number, issued.year, issued.seq]).toEqual(['INV-2031-0001', 2031, 1]);
  });

  it('is downloadable from the admin console, and the issue is in the audit log', async () => {
    const answer = await download(`/api/admin/orders/${order.id}/invoice.pdf`, admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="INV-${year}-0001.pdf"`);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(order.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['order.status', 'invoice.issue']);
    expect(entries[1]?.after).toMatchObject({ number: `INV-${year}-0001`, total_cents: 8999 });
  });
});

describe('an invoiced order cancelled', () => {
  it('gets a credit note for its invoice, attached to the cancellation e-mail', async () => {
    const { customer, order } = await customerOrder();
    const invoiceNumber = (await moveTo(order.id, 'confirmed')).invoices[0].number;
    await smtp.waitFor(customer.email, (mail) => mail.subject.includes('Confirmed'));
    const cancelled = await moveTo(order.id, 'cancelled');
    expect(cancelled.invoices.map((document: { kind: string }) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
    const creditNumber = cancelled.invoices[1].number;
    expect(creditNumber).toBe(`CN-${year}-0001`);

    const mail = await smtp.waitFor(customer.email, (message) => message.subject.includes('Cancelled'));
    expect(mail.text).toContain(`Credit note ${creditNumber} is attached`);
    expect(mail.attachments.map((file) => file.filename)).toEqual([`${creditNumber}.pdf`]);

    const answer = await download(`/api/orders/${order.number}/credit-note.pdf`, customer.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${creditNumber}.pdf"`);
    const text = await pdfText(answer.raw);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toMatch(/Total credited\s+-\$50\.00/);
    expect(text.replace(/\s+/g, ' ')).toContain(`Credit note for invoice ${invoiceNumber}`);

    const [invoice, credit] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(invoices.id);
    expect(credit).toMatchObject({ creditsInvoiceId: invoice?.id, totalCents: -5000, kind: 'credit_note' });
    // A second call changes nothing.
    const again = await t.database.db.transaction((tx) => issueCreditNote(tx, admin, order.id));
    expect(again?.number).toBe(creditNumber);
  });

  it('never invoiced (cancelled while pending) gets no credit note, and uses no credit note number', async () => {
    const { customer, order } = await customerOrder();
    const cancelled = await moveTo(order.id, 'cancelled');
    expect(cancelled.invoices).toEqual([]);
    const mail = await smtp.waitFor(customer.email, (message) => message.subject.includes('Cancelled'));
    expect(mail.attachments).toEqual([]);
    const { order: next } = await customerOrder(customer);
    await moveTo(next.id, 'confirmed');
    const credited = await moveTo(next.id, 'cancelled');
    expect(credited.invoices[1].number).toBe(`CN-${year}-0002`);
  });
});

describe('who may download an invoice', () => {
  let owner: Customer;
  let order: { id: number; number: string };
  beforeAll(async () => {
    ({ customer: owner, order } = await customerOrder());
    await moveTo(order.id, 'confirmed');
  });

  it('a visitor without a session is asked to sign in', async () => {
    const answer = await download(`/api/orders/${order.number}/invoice.pdf`);
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/json/);
  });

  it('another customer gets the same 404 as for an order that does not exist', async () => {
    const stranger = await signedInUser(t);
    const theirs = await download(`/api/orders/${order.number}/invoice.pdf`, stranger.cookie);
    const unknown = await download('/api/orders/NX-0000-0000/invoice.pdf', stranger.cookie);
    expect([theirs.status, unknown.status]).toEqual([404, 404]);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.text).not.toContain('%PDF');
  });

  it('an order not yet invoiced, a credit note not issued, and junk numbers are 404 too', async () => {
    const { order: pending } = await customerOrder(owner);
    for (const url of [
      `/api/orders/${pending.number}/invoice.pdf`,
      `/api/orders/${order.number}/credit-note.pdf`,
      `/api/orders/${'X'.repeat(300)}/invoice.pdf`,
      `/api/orders/${encodeURIComponent("' OR 1=1 --")}/invoice.pdf`,
      `/api/orders/${order.id}/invoice.pdf`,
    ]) {
      expect((await download(url, owner.cookie)).status, url).toBe(404);
    }
  });

  it('a customer cannot use the admin download', async () => {
    expect((await download(`/api/admin/orders/${order.id}/invoice.pdf`, owner.cookie)).status).toBe(403);
    expect((await download(`/api/admin/orders/${order.id}/invoice.pdf`)).status).toBe(401);
    expect((await download('/api/admin/orders/999999/invoice.pdf', admin.cookie)).status).toBe(404);
    expect((await download('/api/admin/orders/abc/invoice.pdf', admin.cookie)).status).toBe(404);
  });
});

describe('an invoice drawn before the transaction that issues it', () => {
  it('is issued as drawn while its number still holds', async () => {
    const { order } = await customerOrder();
    const prepared = await prepareDocument(t.database.db, order.id, 'invoice');
    if (!prepared) throw new Error('nothing drawn');
    const issued = await t.database.db.transaction((tx) => issueInvoice(tx, admin, order.id, { prepared }));
    expect(issued.number).toBe(prepared.number);
    expect(issued.pdf.equals(Buffer.from(prepared.pdf))).toBe(true);
    expect(issued.issuedAt.getTime()).toBe(prepared.issuedAt.getTime());
    // Issued, there is nothing more to draw for it.
    expect(await prepareDocument(t.database.db, order.id, 'invoice')).toBeUndefined();
  });

  it('is drawn again when another invoice took its number meanwhile: no PDF shows a number it does not have', async () => {
    const { order: first } = await customerOrder();
    const { order: second } = await customerOrder();
    const prepared = await prepareDocument(t.database.db, second.id, 'invoice');
    if (!prepared) throw new Error('nothing drawn');
    const taken = await t.database.db.transaction((tx) => issueInvoice(tx, admin, first.id));
    expect(taken.number).toBe(prepared.number);

    const issued = await t.database.db.transaction((tx) => issueInvoice(tx, admin, second.id, { prepared }));
    expect(issued.seq).toBe(taken.seq + 1);
    expect(issued.pdf.equals(Buffer.from(prepared.pdf))).toBe(false);
    const text = await pdfText(issued.pdf);
    expect(text).toContain(issued.number);
    expect(text).not.toContain(prepared.number);
  });

  it('is drawn again when what it prints changed meanwhile', async () => {
    const { customer, order } = await customerOrder();
    const prepared = await prepareDocument(t.database.db, order.id, 'invoice');
    if (!prepared) throw new Error('nothing drawn');
    await t.database.db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, customer.id));
    const issued = await t.database.db.transaction((tx) => issueInvoice(tx, admin, order.id, { prepared }));
    expect(issued.number).toBe(prepared.number);
    expect(await pdfText(issued.pdf)).toContain('Renamed');
  });

  it('is drawn again when it waited too long: an invoice is not dated minutes before its confirmation', async () => {
    const { order } = await customerOrder();
    const drawn = await prepareDocument(t.database.db, order.id, 'invoice');
    if (!drawn) throw new Error('nothing drawn');
    // The same drawing, as if the pool had kept it two minutes.
    const earlier = new Date(drawn.issuedAt.getTime() - 120_000);
    const data = { ...JSON.parse(drawn.data), issuedAt: earlier.toISOString() };
    const prepared = { ...drawn, issuedAt: earlier, data: JSON.stringify(data) };
    const issued = await t.database.db.transaction((tx) => issueInvoice(tx, admin, order.id, { prepared }));
    expect(issued.number).toBe(drawn.number);
    expect(issued.issuedAt.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    expect(issued.pdf.equals(Buffer.from(drawn.pdf))).toBe(false);
  });

  it('is nothing for a credit note of an order never invoiced', async () => {
    const { order } = await customerOrder();
    expect(await prepareDocument(t.database.db, order.id, 'credit_note')).toBeUndefined();
  });
});

describe('a refund before the order was invoiced', () => {
  it('is credited on a credit note right after the invoice, and counted once', async () => {
    const { customer, order } = await customerOrder();
    await t.database.db.transaction(async (tx) => {
      await recordPayment(tx, admin, { orderId: order.id, method: 'card', amountCents: 5000 });
      await recordRefund(tx, admin, {
        orderId: order.id,
        method: 'card',
        amountCents: 1000,
        status: 'succeeded',
      });
    });
    await moveTo(order.id, 'confirmed');

    const documents = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(invoices.id);
    expect(documents.map((row) => [row.kind, row.totalCents])).toEqual([
      ['invoice', 5000],
      ['credit_note', -1000],
    ]);
    expect(documents[1]?.creditsInvoiceId).toBe(documents[0]?.id);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.creditedCents).toBe(1000);

    const note = words(await pdfText(documents[1]?.pdf ?? Buffer.alloc(0)));
    expect(note).toContain(`Credit note for invoice ${documents[0]?.number}`);
    expect(note).toMatch(/Total credited -\$10\.00/);
    // The customer sees both, the invoice and what it was lowered by.
    const own = await request(t, { url: '/api/orders/', cookie: customer.cookie });
    const listed = own.body.results.find((row: { id: number }) => row.id === order.id);
    expect(listed.invoices.map((document: { kind: string }) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
  });
});

describe('several credit notes of one order', () => {
  it('each downloads by its number, for its owner and the admin; the old address answers the latest', async () => {
    const { customer, order } = await customerOrder();
    await moveTo(order.id, 'confirmed');
    await t.database.db.transaction(async (tx) => {
      await recordPayment(tx, admin, { orderId: order.id, method: 'card', amountCents: 5000 });
      await recordRefund(tx, admin, {
        orderId: order.id,
        method: 'card',
        amountCents: 1000,
        status: 'succeeded',
      });
      await recordRefund(tx, admin, {
        orderId: order.id,
        method: 'card',
        amountCents: 1500,
        status: 'succeeded',
      });
    });
    const own = await request(t, { url: '/api/orders/', cookie: customer.cookie });
    const listed = own.body.results.find((row: { id: number }) => row.id === order.id);
    const notes = (listed.invoices as Array<{ kind: string; number: string; url: string }>).filter(
      (document) => document.kind === 'credit_note',
    );
    expect(notes).toHaveLength(2);
    for (const [note, amount] of [
      [notes[0], '10.00'],
      [notes[1], '15.00'],
    ] as const) {
      expect(note?.url).toBe(`/api/orders/${order.number}/documents/${note?.number}.pdf`);
      const answer = await download(note?.url ?? '', customer.cookie);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="${note?.number}.pdf"`);
      expect(words(await pdfText(answer.raw))).toContain(`Total credited -$${amount}`);
      const asAdmin = await download(
        `/api/admin/orders/${order.id}/documents/${note?.number}.pdf`,
        admin.cookie,
      );
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.raw.equals(answer.raw)).toBe(true);
    }
    const latest = await download(`/api/orders/${order.number}/credit-note.pdf`, customer.cookie);
    expect(latest.headers['content-disposition']).toBe(`attachment; filename="${notes[1]?.number}.pdf"`);

    // Another buyer, another order's number, or no document number: an unknown document.
    const stranger = await signedInUser(t);
    const { order: other } = await customerOrder(stranger);
    for (const [url, cookie] of [
      [notes[0]?.url, stranger.cookie],
      [`/api/orders/${other.number}/documents/${notes[0]?.number}.pdf`, stranger.cookie],
      [`/api/orders/${order.number}/documents/CN-0000-0000.pdf`, customer.cookie],
      [`/api/orders/${order.number}/documents/${encodeURIComponent("' OR 1=1 --")}.pdf`, customer.cookie],
      [`/api/orders/${order.number}/documents/${notes[0]?.number}`, customer.cookie],
    ] as const) {
      const answer = await download(url ?? '', cookie);
      expect(answer.status, url).toBe(404);
    }
    expect(
      (await download(`/api/admin/orders/${other.id}/documents/${notes[0]?.number}.pdf`, admin.cookie))
        .status,
    ).toBe(404);
    expect(
      (await download(`/api/admin/orders/${order.id}/documents/${notes[0]?.number}.pdf`, customer.cookie))
        .status,
    ).toBe(403);
  });
});
