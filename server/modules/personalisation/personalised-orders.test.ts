import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { designUploads, orderDesigns, orders, users } from '../../db/schema/index.ts';
import { personalBuyer, personalCard } from '../../test/personalised-buyers.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = () => `test-${randomBytes(8).toString('hex')}`;

async function upload(userId: number, kind: 'logo' | 'signature') {
  const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();
  const [row] = await t.database.db
    .insert(designUploads)
    .values({ userId, kind, png, width: 300, height: 120 })
    .returning({ id: designUploads.id });
  if (!row) throw new Error('no upload');
  return row.id;
}

describe('a personalised line', () => {
  it('is ordered awaiting proof, with each printed card drawn and its print file kept', async () => {
    const card = await personalCard(t, ['name', 'title', 'company', 'logo', 'qr']);
    const me = await personalBuyer(t);
    const logo = await upload(me.id, 'logo');
    const personalisation = [
      { name: 'Maya Lindqvist', title: 'Designer', company: 'Lumen Harbour', logo, qr: true },
    ];
    const placed = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [{ card: card.id, design: card.category, quantity: 2, personalisation }],
      },
      { 'idempotency-key': key() },
    );
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('awaiting_proof');
    const [line] = placed.body.items;
    expect(line.quantity).toBe(2);
    expect(line.printed).toHaveLength(1);
    expect(line.printed[0]).toMatchObject({
      name: 'Maya Lindqvist',
      title: 'Designer',
      company: 'Lumen Harbour',
      logo: true,
      signature: false,
      qr: true,
      member_email: null,
    });

    const [stored] = await t.database.db
      .select()
      .from(orderDesigns)
      .where(eq(orderDesigns.id, line.printed[0].id));
    expect(stored?.frontSvg).toContain('Maya Lindqvist');
    // The logo is named, not carried: it is embedded where the drawing is served or drawn.
    expect(stored?.backSvg).toContain(`href="upload:${logo}"`);
    expect(`${stored?.frontSvg}${stored?.backSvg}`).not.toContain('data:image/png;base64,');
    expect(placed.body.print_files).toMatchObject({ total: 1 });
    await expect
      .poll(
        async () => {
          const [made] = await t.database.db
            .select({ pdf: orderDesigns.printPdf })
            .from(orderDesigns)
            .where(eq(orderDesigns.id, line.printed[0].id));
          return made?.pdf?.subarray(0, 5).toString();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe('%PDF-');
    const order = await me.call('GET', `/api/orders/${placed.body.id}/`);
    expect(order.body.print_files).toEqual({ ready: 1, total: 1 });

    const front = await me.call('GET', line.printed[0].front);
    expect(front.status).toBe(200);
    expect(front.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(front.headers['content-security-policy']).toContain("default-src 'none'");
    const named = (svg: string) =>
      svg.replace(/href="data:image\/png;base64,[^"]+"/, `href="upload:${logo}"`);
    expect(named(front.text)).toBe(stored?.frontSvg);
    const back = await me.call('GET', line.printed[0].back);
    expect(back.text).toContain('href="data:image/png;base64,iVBOR');
    expect(named(back.text)).toBe(stored?.backSvg);
  });

  it('is its own line beside the same card with other text, and both are drawn', async () => {
    const card = await personalCard(t, ['name', 'title']);
    const me = await personalBuyer(t);
    const item = (name: string) => ({
      card: card.id,
      design: card.category,
      quantity: 1,
      personalisation: [{ name }],
    });
    const placed = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [item('Maya Lindqvist'), item('Jonas Berg'), item(' Maya  Lindqvist ')],
      },
      { 'idempotency-key': key() },
    );
    expect(placed.status).toBe(201);
    expect(
      placed.body.items.map((l: { quantity: number; printed: Array<{ name: string }> }) => [
        l.printed[0]?.name,
        l.quantity,
      ]),
    ).toEqual([
      ['Maya Lindqvist', 2],
      ['Jonas Berg', 1],
    ]);
  });

  it('keeps idempotency: the same key and personalisation give one order, other text with that key is refused', async () => {
    const card = await personalCard(t, ['name']);
    const me = await personalBuyer(t);
    const idempotencyKey = key();
    const body = (name: string) => ({
      address: me.addressId,
      items: [{ card: card.id, design: card.category, quantity: 1, personalisation: [{ name }] }],
    });
    const first = await me.call('POST', '/api/orders/', body('Maya Lindqvist'), {
      'idempotency-key': idempotencyKey,
    });
    const again = await me.call('POST', '/api/orders/', body('Maya Lindqvist'), {
      'idempotency-key': idempotencyKey,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await me.call('POST', '/api/orders/', body('Jonas Berg'), {
      'idempotency-key': idempotencyKey,
    });
    expect(other.status).toBe(409);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, me.id))).toHaveLength(1);
  });

  it('refuses text that does not fit, a field the card lacks, a wrong pack size, and someone else’s upload', async () => {
    const card = await personalCard(t, ['name', 'title', 'logo']);
    const pack = await personalCard(t, ['name'], 3);
    const me = await personalBuyer(t);
    const stranger = await personalBuyer(t);
    const theirs = await upload(stranger.id, 'logo');
    const mine = await upload(me.id, 'signature');
    const tryOrder = (item: object) =>
      me.call('POST', '/api/orders/', { address: me.addressId, items: [item] }, { 'idempotency-key': key() });
    const line = (personalisation: object[], target = card) => ({
      card: target.id,
      design: target.category,
      quantity: 1,
      personalisation,
    });

    const tooLong = await tryOrder(line([{ name: 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' }]));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toMatch(/too long/i);

    const company = await tryOrder(line([{ name: 'Maya', company: 'Lumen' }]));
    expect(company.status).toBe(400);
    expect(company.body.detail).toBe(PERSONALISATION_MESSAGES.fieldNotOffered(card.name, 'Company'));

    const packSize = await tryOrder(line([{ name: 'Maya' }], pack));
    expect(packSize.status).toBe(400);
    expect(packSize.body.detail).toBe(PERSONALISATION_MESSAGES.packSize(pack.name, 3));

    const stolen = await tryOrder(line([{ name: 'Maya', logo: theirs }]));
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail).toBe(PERSONALISATION_MESSAGES.unknownUpload);

    const wrongKind = await tryOrder(line([{ name: 'Maya', logo: mine }]));
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.detail).toBe(PERSONALISATION_MESSAGES.uploadKind('logo'));

    const unknownField = await tryOrder(line([{ name: 'Maya', font: 'Comic Sans' }]));
    expect(unknownField.status).toBe(400);

    const stockCard = await tryOrder({ ...line([{ name: 'Maya' }]), card: (await personalCard(t, [])).id });
    expect(stockCard.status).toBe(400);
    expect(stockCard.body.detail).toMatch(/is not personalised/);

    expect(await t.database.db.select().from(orders).where(eq(orders.userId, me.id))).toHaveLength(0);
  });

  it('is flagged by the cart’s quote when its text does not fit, and an order holds at most 50 printed cards', async () => {
    const card = await personalCard(t, ['name']);
    const me = await personalBuyer(t);
    const quoted = await me.call('POST', '/api/orders/quote/', {
      items: [
        { card: card.id, design: card.category, quantity: 1, personalisation: [{ name: 'W'.repeat(40) }] },
        { card: card.id, design: card.category, quantity: 1, personalisation: [{ name: 'Maya' }] },
      ],
    });
    expect(quoted.status).toBe(200);
    expect(quoted.body.orderable).toBe(false);
    expect(quoted.body.items.map((line: { problem: string | null }) => line.problem)).toEqual([
      'The printed name is too long for the card: shorten it to fit.',
      null,
    ]);

    const pack = await personalCard(t, ['name'], 26);
    const line = {
      card: pack.id,
      design: pack.category,
      quantity: 1,
      personalisation: Array.from({ length: 26 }, (_, i) => ({ name: `Member ${i}` })),
    };
    const tooMany = await me.call(
      'POST',
      '/api/orders/',
      { address: me.addressId, items: [line, line] },
      { 'idempotency-key': key() },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe(PERSONALISATION_MESSAGES.tooManyPrinted);
  });

  it('shows its drawings to the order’s owner and the firm only', async () => {
    const card = await personalCard(t, ['name']);
    const me = await personalBuyer(t);
    const placed = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [{ card: card.id, design: card.category, quantity: 1, personalisation: [{ name: 'Maya' }] }],
      },
      { 'idempotency-key': key() },
    );
    const design = placed.body.items[0].printed[0];
    expect(design.print_ready).toBe(false);
    const stranger = await personalBuyer(t);
    expect((await stranger.call('GET', design.front)).status).toBe(404);
    expect((await request(t, { method: 'GET', url: design.front })).status).toBe(401);
    const other = await stranger.call(
      'GET',
      design.front.replace(`/orders/${placed.body.id}/`, '/orders/999999/'),
    );
    expect(other.status).toBe(404);
    expect((await me.call('GET', design.front.replace('front.svg', 'side.svg'))).status).toBe(404);

    const admin = await personalBuyer(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect((await admin.call('GET', design.back)).status).toBe(200);
    const printFile = () =>
      admin.call('GET', `/api/admin/orders/${placed.body.id}/designs/${design.id}/print.pdf`);
    // Made after the order: until then, said so.
    await expect.poll(async () => (await printFile()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const seen = await admin.call('GET', `/api/admin/orders/${placed.body.id}/`);
    expect(seen.body.items[0].printed[0].print_ready).toBe(true);
    expect(seen.body.print_files).toEqual({ ready: 1, total: 1 });
    const pdf = await printFile();
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(
      (await me.call('GET', `/api/admin/orders/${placed.body.id}/designs/${design.id}/print.pdf`)).status,
    ).toBe(403);
  });

  it('a Team Pack takes one set of details per card, each member’s e-mail once', async () => {
    const pack = await personalCard(t, ['name', 'title'], 3);
    const qrPack = await personalCard(t, ['name', 'title', 'qr'], 3);
    const me = await personalBuyer(t);
    const members = ['ana@team.test', 'Ben@Team.test', 'cleo@team.test'];
    const personalisation = members.map((email, i) => ({
      name: `Member ${i + 1}`,
      title: 'Engineer',
      member_email: email,
    }));
    const placed = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [{ card: pack.id, design: pack.category, quantity: 1, personalisation }],
      },
      { 'idempotency-key': key() },
    );
    expect(placed.status).toBe(201);
    expect(placed.body.items[0].printed.map((d: { member_email: string }) => d.member_email)).toEqual([
      'ana@team.test',
      'ben@team.test',
      'cleo@team.test',
    ]);
    const twice = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [
          {
            card: pack.id,
            design: pack.category,
            quantity: 1,
            personalisation: personalisation.map((p) => ({ ...p, member_email: 'ana@team.test' })),
          },
        ],
      },
      { 'idempotency-key': key() },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(PERSONALISATION_MESSAGES.memberTwice);
    const withQr = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [
          {
            card: qrPack.id,
            design: qrPack.category,
            quantity: 1,
            personalisation: personalisation.map((p, i) => ({ ...p, qr: i === 1 })),
          },
        ],
      },
      { 'idempotency-key': key() },
    );
    expect(withQr.status).toBe(400);
    expect(withQr.body.detail).toBe(PERSONALISATION_MESSAGES.memberQr);
  });
});
