import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import { sessionSecretOf } from '../../config.ts';
import { auditLog, orderDesigns, orderProofs } from '../../db/schema/index.ts';
import { personalisedOrder } from '../../test/personalised-order.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin } from '../../test/users.ts';
import { drawCorrections, saveCorrections } from '../personalisation/corrections.ts';
import { signProofToken } from './proof-token.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  secret = sessionSecretOf(t.config);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const CORA = [{ name: 'Cora Smiht', title: 'Head of Design', company: 'Quay Studio', qr: true }];

const admin_ = (method: 'GET' | 'POST', url: string, body?: object) =>
  request(t, { method, url, body, cookie: admin.cookie });

/** The text a PDF carries, as `pdftotext` reads it. */
function textOf(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'correction-')), 'file.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

async function proofRows(orderId: number) {
  return t.database.db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId));
}

const tokenOf = (row: { id: number; version: number }) =>
  signProofToken(secret, { proofId: row.id, version: row.version });

describe('correcting a proof', () => {
  it('stores the corrected card, keeps v1 as it was, says what changed and remakes the print file', async () => {
    const { order, designs } = await personalisedOrder(t, CORA);
    const card = designs[0];
    if (!card) throw new Error('no card');
    expect((await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, {})).status).toBe(201);

    const sent = await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, {
      note: 'We fixed the spelling of your surname.',
      cards: [{ id: card.id, ...CORA[0], name: 'Cora Smith' }],
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.results).toMatchObject([
      {
        version: 2,
        status: 'sent',
        source: 'generated',
        firm_note: 'We fixed the spelling of your surname.',
        changes: ['Name: Cora Smiht → Cora Smith'],
      },
      { version: 1, status: 'superseded', changes: [] },
    ]);
    expect(sent.body.cards).toMatchObject([{ id: card.id, printed: { name: 'Cora Smith' } }]);

    // Version 1 is kept: its PDF and the card it showed.
    const rows = await proofRows(order.id);
    const v1 = rows.find((row) => row.version === 1);
    const v2 = rows.find((row) => row.version === 2);
    if (!v1 || !v2) throw new Error('versions missing');
    expect(textOf(v1.pdf)).toContain('Cora Smiht');
    expect(textOf(v2.pdf)).toContain('Cora Smith');
    expect(textOf(v2.pdf)).not.toContain('Smiht →');
    expect(textOf(v2.pdf)).toContain('Changed since version 1');
    const side = async (row: typeof v1) =>
      (await request(t, { method: 'GET', url: `/api/proofs/${tokenOf(row)}/cards/${card.id}/front/` })).text;
    expect(await side(v1)).toContain('Cora Smiht');
    expect(await side(v2)).toContain('Cora Smith');
    expect(await side(v2)).not.toContain('Smiht');

    // The customer's link shows the note and the change.
    const page = await request(t, { method: 'GET', url: `/api/proofs/${tokenOf(v2)}/pdf/` });
    expect(page.status).toBe(200);

    // The print file is made again from the corrected card, off the request: the old one is gone at once.
    const printFile = () => admin_('GET', `/api/admin/orders/${order.id}/designs/${card.id}/print.pdf`);
    await expect.poll(async () => (await printFile()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const printed = textOf((await printFile()).raw);
    expect(printed).toContain('Cora Smith');
    expect(printed).not.toContain('Smiht');

    // The log keeps every version: who changed what, and when.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(order.id)), eq(auditLog.action, 'order.proof.corrected')));
    expect(audit).toMatchObject({
      actorEmail: admin.email,
      before: { cards: [{ card: 1, printed: { name: 'Cora Smiht' } }] },
      after: { version: 2, cards: [{ card: 1, printed: { name: 'Cora Smith' } }] },
    });
  }, 90_000);

  it('shows the customer the firm’s note and the change on the proof page’s data', async () => {
    const { order, designs } = await personalisedOrder(t, CORA);
    const card = designs[0];
    if (!card) throw new Error('no card');
    await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, { note: 'First look.' });
    await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, {
      note: 'Spelling fixed.',
      cards: [{ id: card.id, ...CORA[0], name: 'Cora Smith' }],
    });
    const v2 = (await proofRows(order.id)).find((row) => row.version === 2);
    if (!v2) throw new Error('no v2');
    const answered = await request(t, {
      method: 'POST',
      url: `/api/proofs/${tokenOf(v2)}/decision/`,
      body: { decision: 'approve' },
    });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({
      version: 2,
      firm_note: 'Spelling fixed.',
      changes: ['Name: Cora Smiht → Cora Smith'],
      order_status: 'confirmed',
    });

    // Approved: the cards cannot be corrected any more, and the refusal says why.
    const late = await admin_('POST', `/api/admin/orders/${order.id}/proofs/`, {
      cards: [{ id: card.id, ...CORA[0], name: 'Cora Smyth' }],
    });
    expect([late.status, late.body.detail]).toEqual([409, PROOF_MESSAGES.notCorrectable]);
  }, 90_000);

  it('refuses corrections by anyone but the firm, and ones the buyer could not have ordered', async () => {
    const { order, designs, customer } = await personalisedOrder(t, CORA);
    const other = await personalisedOrder(t, CORA);
    const card = designs[0];
    if (!card) throw new Error('no card');
    const correct = (cards: object[], cookie = admin.cookie) =>
      request(t, { method: 'POST', url: `/api/admin/orders/${order.id}/proofs/`, body: { cards }, cookie });

    const byCustomer = await correct([{ id: card.id, name: 'Cora Smith' }], customer.cookie);
    expect(byCustomer.status).toBe(403);
    const long = await correct([{ id: card.id, name: 'C'.repeat(61) }]);
    expect([long.status, long.body.errors?.['cards.0.name']]).toEqual([
      400,
      ['The printed name has at most 60 characters.'],
    ]);
    const unknownField = await correct([{ id: card.id, name: 'Cora Smith', colour: 'red' }]);
    expect(unknownField.status).toBe(400);
    const otherOrders = await correct([{ id: other.designs[0]?.id, name: 'Cora Smith' }]);
    expect([otherOrders.status, otherOrders.body.detail]).toEqual([400, PERSONALISATION_MESSAGES.notOnOrder]);
    const unchanged = await correct([{ id: card.id, ...CORA[0] }]);
    expect([unchanged.status, unchanged.body.detail]).toEqual([
      400,
      PERSONALISATION_MESSAGES.nothingCorrected,
    ]);
    const picture = await correct([{ id: card.id, ...CORA[0], logo: 123456 }]);
    expect([picture.status, picture.body.detail]).toEqual([400, PERSONALISATION_MESSAGES.notOrderedPicture]);
    const empty = await correct([{ id: card.id }]);
    expect([empty.status, empty.body.detail]).toEqual([400, PERSONALISATION_MESSAGES.needsSomething]);
    expect(await proofRows(order.id)).toEqual([]);
  }, 60_000);

  it('never lets a print file drawn from the old details land after a correction', async () => {
    const { order, designs } = await personalisedOrder(t, CORA);
    const card = designs[0];
    if (!card) throw new Error('no card');
    const { db } = t.database;
    const corrected = await drawCorrections({ db, publicUrl: 'http://shop.test' }, order.id, [
      { id: card.id, ...CORA[0], name: 'Cora Smith' },
    ]);
    const row = async () => (await db.select().from(orderDesigns).where(eq(orderDesigns.id, card.id)))[0];
    // The server's print-file job takes the misspelt card again…
    await db.update(orderDesigns).set({ printPdf: null }).where(eq(orderDesigns.id, card.id));
    await expect
      .poll(async () => (await row())?.printLockedUntil ?? null, { timeout: 30_000, interval: 10 })
      .not.toBeNull();
    // …and the card is corrected while it draws: its file must not be the one stored.
    await db.transaction((tx) => saveCorrections(tx, corrected));
    await expect
      .poll(async () => (await row())?.printPdf ?? null, { timeout: 30_000, interval: 100 })
      .not.toBeNull();
    const printed = textOf((await row())?.printPdf ?? Buffer.alloc(0));
    expect(printed).toContain('Cora Smith');
    expect(printed).not.toContain('Smiht');
  }, 60_000);
});
