import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import { sessionSecretOf } from '../../config.ts';
import { auditLog, invoices, mailQueue, orderEvents, orderProofs, orders } from '../../db/schema/index.ts';
import { personalisedOrder } from '../../test/personalised-order.ts';
import { request } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from '../../test/users.ts';
import type { ProofDeps } from './deps.ts';
import { generateProofPdf } from './proof-pdf.ts';
import { readProofToken, signProofToken } from './proof-token.ts';
import { remindOpenProofs } from './reminders.ts';

const SALES = 'sales@shop.test';
let t: TestApp;
let smtp: SmtpCapture;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let deps: ProofDeps;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO_SALES: SALES });
  admin = await signedInAdmin(t);
  const { db } = t.database;
  deps = {
    db,
    mailer: queueOnly,
    publicUrl: 'http://shop.test',
    secret: sessionSecretOf(t.config),
    salesEmail: SALES,
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Queues in the app's own mail queue: its worker sends the message to the capture. */
const queueOnly: ProofDeps['mailer'] = {
  async sendLater(message, tx) {
    await (tx ?? t.database.db).insert(mailQueue).values({
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      link: message.link ?? null,
    });
  },
};

const admin_ = (method: 'GET' | 'POST', url: string, body?: object) =>
  request(t, { method, url, body, cookie: admin.cookie });

async function sendGenerated(orderId: number, note = '') {
  const sent = await admin_('POST', `/api/admin/orders/${orderId}/proofs/`, { note });
  expect(sent.status, sent.text).toBe(201);
  return sent.body as { results: Array<{ id: number; version: number; status: string }> };
}

const tokenOf = (url: string) => url.split('/proof/')[1] ?? '';

describe('sending a proof', () => {
  it('mails the generated proof (version 1) with the PDF attached and a signed link', async () => {
    const { order, customer } = await personalisedOrder(t);
    const sent = await sendGenerated(order.id, 'Your logo was centred.');
    expect(sent.results).toMatchObject([{ version: 1, status: 'sent', source: 'generated' }]);
    const mail = await smtp.waitFor(customer.email, (m) => m.subject.includes('approve the proof'));
    expect(mail.text).toContain(`proof (version 1) of your order ${order.number}`);
    expect(mail.text).toContain('Your logo was centred.');
    expect(mail.attachments[0]).toMatchObject({
      filename: `proof-${order.number}-v1.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments[0]?.content.startsWith('%PDF-')).toBe(true);
    const token = tokenOf(linkIn(mail, '/proof'));
    expect(readProofToken(deps.secret, token)).toEqual({ proofId: sent.results[0]?.id, version: 1 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(order.id)), eq(auditLog.action, 'order.proof.sent')));
    expect(audit).toMatchObject({ actorEmail: admin.email, after: { version: 1, source: 'generated' } });
  }, 60_000); // The first proof starts the pool's child (slow under tsx on a busy machine).

  it('supersedes the open version when a corrected PDF is uploaded, and the old link cannot decide', async () => {
    const { order, customer } = await personalisedOrder(t);
    await sendGenerated(order.id);
    const first = tokenOf(
      linkIn(await smtp.waitFor(customer.email, (m) => m.subject.includes('proof')), '/proof'),
    );
    const pdf = await generateProofPdf({
      order: { number: order.number, version: 2 },
      cards: [],
      pictures: new Map(),
    });
    const form = multipart(
      { note: 'We fixed the title.' },
      { field: 'pdf', filename: 'fixed.pdf', type: 'application/pdf', data: pdf },
    );
    const uploaded = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/proofs/upload/`,
      cookie: admin.cookie,
      body: form.payload,
      headers: form.headers,
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(
      uploaded.body.results.map((p: { version: number; status: string; source: string }) => [
        p.version,
        p.status,
        p.source,
      ]),
    ).toEqual([
      [2, 'sent', 'uploaded'],
      [1, 'superseded', 'generated'],
    ]);
    const mail = await smtp.waitFor(customer.email, (m) => m.subject.includes('proof'));
    expect(mail.text).toContain('corrected proof (version 2)');

    const stale = await request(t, {
      method: 'POST',
      url: `/api/proofs/${first}/decision/`,
      body: { decision: 'approve' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(PROOF_MESSAGES.superseded);
  }, 60_000);

  it('refuses uploads that are not PDFs, broken PDFs and oversize files, with clear messages', async () => {
    const { order } = await personalisedOrder(t);
    const upload = (data: Buffer, type = 'application/pdf') => {
      const form = multipart({}, { field: 'pdf', filename: 'proof.pdf', type, data });
      return request(t, {
        method: 'POST',
        url: `/api/admin/orders/${order.id}/proofs/upload/`,
        cookie: admin.cookie,
        body: form.payload,
        headers: form.headers,
      });
    };
    const png = await upload(Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 'image/png');
    expect([png.status, png.body.detail]).toEqual([415, PROOF_MESSAGES.notAPdf]);
    const cut = await upload(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'));
    expect([cut.status, cut.body.detail]).toEqual([400, PROOF_MESSAGES.brokenPdf]);
    const huge = await upload(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024)]));
    expect([huge.status, huge.body.detail]).toEqual([413, PROOF_MESSAGES.pdfTooLarge]);
    const none = await upload(Buffer.alloc(0));
    expect([none.status, none.body.detail]).toEqual([400, PROOF_MESSAGES.pdfRequired]);
    const extra = await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, { note: '', urgent: true });
    expect(extra.status).toBe(400);
    expect((await admin_('GET', `/api/admin/orders/${order.id}/proofs/`)).body.results).toEqual([]);
  });

  it('sends proofs only for orders awaiting one', async () => {
    const { order } = await personalisedOrder(t);
    await t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    const refused = await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, {});
    expect([refused.status, refused.body.detail]).toEqual([409, PROOF_MESSAGES.notAwaiting]);
  });
});

describe('the customer’s decision', () => {
  it('approves from the link: the proof is approved, the order confirmed, audited and mailed', async () => {
    const { order, customer } = await personalisedOrder(t);
    await sendGenerated(order.id);
    const token = tokenOf(
      linkIn(await smtp.waitFor(customer.email, (m) => m.subject.includes('proof')), '/proof'),
    );
    const approved = await request(t, {
      method: 'POST',
      url: `/api/proofs/${token}/decision/`,
      body: { decision: 'approve' },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', order_status: 'confirmed', open: false });
    const confirmation = await smtp.waitFor(customer.email, (m) => m.subject.includes('Confirmed'));
    expect(confirmation.text).toContain('has been confirmed');
    // The approval invoiced the order in its own transaction, and the mail carries that invoice.
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.kind).toBe('invoice');
    expect(confirmation.attachments?.map((a) => a.filename)).toEqual([`${invoice?.number}.pdf`]);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toMatchObject([
      { fromStatus: 'awaiting_proof', toStatus: 'confirmed', actorId: customer.id },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(order.id)));
    expect(audits.map((a) => [a.action, a.actorEmail, (a.after as { via?: string }).via])).toEqual(
      expect.arrayContaining([
        ['order.proof.approved', customer.email, 'link'],
        ['order.status', customer.email, 'link'],
      ]),
    );
    const again = await request(t, {
      method: 'POST',
      url: `/api/proofs/${token}/decision/`,
      body: { decision: 'approve' },
    });
    expect([again.status, again.body.detail]).toEqual([409, PROOF_MESSAGES.decided]);
  });

  it('asks for changes from /profile: the note is kept, the firm is mailed, the order keeps waiting', async () => {
    const { order, customer } = await personalisedOrder(t);
    await sendGenerated(order.id);
    const url = `/api/orders/${order.id}/proof/decision/`;
    const noNote = await request(t, {
      method: 'POST',
      url,
      cookie: customer.cookie,
      body: { version: 1, decision: 'request_changes' },
    });
    expect([noNote.status, noNote.body.errors?.note]).toEqual([400, [PROOF_MESSAGES.noteRequired]]);
    const long = await request(t, {
      method: 'POST',
      url,
      cookie: customer.cookie,
      body: { version: 1, decision: 'request_changes', note: 'x'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    const asked = await request(t, {
      method: 'POST',
      url,
      cookie: customer.cookie,
      body: { version: 1, decision: 'request_changes', note: 'Title is "Chief Engineer", not Engineer.' },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'changes_requested',
      order_status: 'awaiting_proof',
      customer_note: 'Title is "Chief Engineer", not Engineer.',
    });
    const firm = await smtp.waitFor(
      SALES,
      (m) => m.subject.startsWith('Changes requested') && m.subject.includes(order.number),
    );
    expect(firm.text).toContain('Title is "Chief Engineer", not Engineer.');
    const listed = await admin_('GET', `/api/admin/orders/${order.id}/proofs/`);
    expect(listed.body.results[0]).toMatchObject({
      status: 'changes_requested',
      customer_note: 'Title is "Chief Engineer", not Engineer.',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, String(order.id)), eq(auditLog.action, 'order.proof.changes_requested')),
      );
    expect(audit).toMatchObject({ actorEmail: customer.email, after: { via: 'profile' } });
  });

  /** An order whose proof was sent, with the proof's signed link and the two ways to answer it. */
  async function openProof() {
    const { order, customer } = await personalisedOrder(t);
    await sendGenerated(order.id);
    const token = tokenOf(
      linkIn(await smtp.waitFor(customer.email, (m) => m.subject.includes('proof')), '/proof'),
    );
    const byLink = (body: object) =>
      request(t, { method: 'POST', url: `/api/proofs/${token}/decision/`, body });
    const byProfile = (body: object) =>
      request(t, {
        method: 'POST',
        url: `/api/orders/${order.id}/proof/decision/`,
        cookie: customer.cookie,
        body: { version: 1, ...body },
      });
    const outcome = async () => ({
      events: await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
      proof: (await t.database.db.select().from(orderProofs).where(eq(orderProofs.orderId, order.id)))[0],
      order: (await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0],
    });
    return { byLink, byProfile, outcome };
  }

  it('lets one of two simultaneous approvals win; the other sees the proof answered', async () => {
    const proof = await openProof();
    const answers = await Promise.all([
      proof.byLink({ decision: 'approve' }),
      proof.byProfile({ decision: 'approve' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { events, order } = await proof.outcome();
    expect(events.map((event) => event.toStatus)).toEqual(['confirmed']);
    expect(order?.status).toBe('confirmed');
    expect((await proof.byLink({ decision: 'request_changes', note: 'Wait!' })).status).toBe(409);
  });

  it('takes exactly one of an approval and a request for changes sent at once, and nothing of the other', async () => {
    const proof = await openProof();
    const answers = await Promise.all([
      proof.byLink({ decision: 'approve' }),
      proof.byProfile({ decision: 'approve' }),
      proof.byLink({ decision: 'request_changes', note: 'Wait!' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const { events, proof: row, order } = await proof.outcome();
    // Whichever came first to the proof's lock: approved and confirmed, or changes asked and still waiting.
    if (row?.status === 'approved') {
      expect([events.map((event) => event.toStatus), order?.status]).toEqual([['confirmed'], 'confirmed']);
    } else {
      expect([row?.status, row?.customerNote, events, order?.status]).toEqual([
        'changes_requested',
        'Wait!',
        [],
        'awaiting_proof',
      ]);
    }
  });

  it('refuses others’ orders, forged, tampered and expired tokens, and unknown fields', async () => {
    const { order, customer, designs } = await personalisedOrder(t);
    const sent = await sendGenerated(order.id);
    const proofId = sent.results[0]?.id ?? 0;
    const stranger = await signedInUser(t);
    const theirs = await request(t, {
      method: 'POST',
      url: `/api/orders/${order.id}/proof/decision/`,
      cookie: stranger.cookie,
      body: { version: 1, decision: 'approve' },
    });
    expect(theirs.status).toBe(404);
    const signedOut = await request(t, {
      method: 'POST',
      url: `/api/orders/${order.id}/proof/decision/`,
      body: { version: 1, decision: 'approve' },
    });
    expect(signedOut.status).toBe(401);

    const good = signProofToken(deps.secret, { proofId, version: 1 });
    const forged = signProofToken('another-secret-of-at-least-32-chars!', { proofId, version: 1 });
    const otherVersion = `${good.split('.').slice(0, 1)}.2.${good.split('.').slice(2).join('.')}`;
    const expired = signProofToken(
      deps.secret,
      { proofId, version: 1 },
      Math.floor(Date.now() / 1000) - 31 * 86_400,
    );
    for (const token of [forged, otherVersion, expired, 'not-a-token', `${good}x`]) {
      const answer = await request(t, {
        method: 'POST',
        url: `/api/proofs/${token}/decision/`,
        body: { decision: 'approve' },
      });
      expect(answer.status, token).toBe(404);
      expect((await request(t, { url: `/api/proofs/${token}/pdf/` })).status).toBe(404);
    }
    const unknown = await request(t, {
      method: 'POST',
      url: `/api/proofs/${good}/decision/`,
      body: { decision: 'approve', status: 'approved' },
    });
    expect(unknown.status).toBe(400);
    const pdf = await request(t, { url: `/api/proofs/${good}/pdf/` });
    expect([pdf.status, pdf.headers['content-type'], pdf.raw.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    // Another order's card through this order's link.
    const other = await personalisedOrder(t);
    const svg = await request(t, { url: `/api/proofs/${good}/cards/${other.designs[0]?.id}/front/` });
    expect(svg.status).toBe(404);
    const own = await request(t, { url: `/api/proofs/${good}/cards/${designs[0]?.id}/front/` });
    expect([own.status, own.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect((await smtp.waitFor(customer.email, (m) => m.subject.includes('proof'))).to).toBe(customer.email);
  });
});

describe('reminders', () => {
  it('reminds an unanswered proof after 3 days, once per 3 days, and never an answered one', async () => {
    const { order, customer } = await personalisedOrder(t);
    await sendGenerated(order.id);
    await smtp.waitFor(customer.email, (m) => m.subject.includes('approve the proof'));
    const sweep = () => remindOpenProofs(deps);
    const age = (days: number, column: 'created_at' | 'reminded_at') =>
      t.database.db.execute(
        sql`UPDATE order_proofs SET ${sql.raw(column)} = now() - make_interval(days => ${days}) WHERE order_id = ${order.id}`,
      );

    await age(2, 'created_at');
    expect(await sweep()).toBe(0);
    await age(3, 'created_at');
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const reminder = await smtp.waitFor(customer.email, (m) => m.subject.startsWith('Reminder'));
    expect(reminder.text).toContain(order.number);
    expect(readProofToken(deps.secret, tokenOf(linkIn(reminder, '/proof')))).toBeTruthy();

    await age(2, 'reminded_at');
    expect(await sweep()).toBe(0);
    await age(4, 'reminded_at');
    expect(await sweep()).toBe(1);

    await t.database.db
      .update(orderProofs)
      .set({ status: 'approved' })
      .where(eq(orderProofs.orderId, order.id));
    await age(9, 'reminded_at');
    expect(await sweep()).toBe(0);
  });
});
