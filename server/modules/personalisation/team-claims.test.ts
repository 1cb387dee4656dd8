import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_CLAIM_MESSAGES } from '../../../common/messages/team-claims.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import { auditLog, orders, serials, teamClaims } from '../../db/schema/index.ts';
import { personalBuyer, personalCard } from '../../test/personalised-buyers.ts';
import { caller } from '../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../test/users.ts';
import { CLAIM_MESSAGES } from '../registry/ownership/claims.ts';
import { generateBatch } from '../registry/serials/batches.ts';
import { generateSerial } from '../registry/serials/serial-code.ts';

let t: TestApp;
let smtp: SmtpCapture;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signedInAdmin(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Member = Awaited<ReturnType<typeof signedInUser>>;
type Design = { id: number; member_email: string | null; serial: string | null; claimed_at: string | null };

const call = caller(() => t);

const ship = (orderId: number, serialsOf: Array<{ design: number; serial: string }>, status = 'shipped') =>
  call('POST', `/api/admin/orders/${orderId}/status/`, admin.cookie, {
    status,
    note: '',
    serials: serialsOf,
  });

/**
 * A confirmed Team Pack of three: the buyer's own card and one for each of two members (accounts of their
 * own), with fresh serials of the same product. The proof step that confirms it is proofs.test.ts's.
 */
async function confirmedTeamPack() {
  const pack = await personalCard(t, ['name', 'title'], 3);
  const buyer = await personalBuyer(t, 'Maya');
  const ana = await signedInUser(t, { firstName: 'Ana' });
  const ben = await signedInUser(t, { firstName: 'Ben' });
  const personalisation = [
    { name: 'Maya Lindqvist', title: 'Founder' },
    { name: 'Ana Sousa', title: 'Engineer', member_email: ana.email },
    { name: 'Ben Okafor', title: 'Designer', member_email: ben.email.toUpperCase() },
  ];
  const placed = await buyer.call(
    'POST',
    '/api/orders/',
    {
      address: buyer.addressId,
      items: [{ card: pack.id, design: pack.category, quantity: 1, personalisation }],
    },
    { 'idempotency-key': `team-${randomBytes(6).toString('hex')}` },
  );
  expect(placed.status, placed.text).toBe(201);
  await t.database.db.update(orders).set({ status: 'confirmed', paidCents: sql`${orders.totalCents}` }); // paid: shipping waits for payment.where(eq(orders.id, placed.body.id));
  const designs = placed.body.items[0].printed as Design[];
  const fresh = (await generateBatch(t.database.db, pack.sku, 4)).map((row) => row.serial);
  return { order: placed.body as { id: number; number: string }, buyer, ana, ben, designs, fresh, pack };
}

async function shippedTeamPack() {
  const team = await confirmedTeamPack();
  const [, forAna, forBen] = team.designs;
  const [anaSerial, benSerial] = team.fresh;
  if (!forAna || !forBen || !anaSerial || !benSerial) throw new Error('no pack');
  const shipped = await ship(team.order.id, [
    { design: forAna.id, serial: formatSerial(anaSerial).toLowerCase() },
    { design: forBen.id, serial: benSerial },
  ]);
  expect(shipped.status, shipped.text).toBe(200);
  const mailOf = (member: Member) =>
    smtp.waitFor(member.email, (mail) => mail.subject.includes('is on its way'));
  const anaMail = await mailOf(team.ana);
  const benMail = await mailOf(team.ben);
  return {
    ...team,
    forAna,
    forBen,
    anaSerial,
    benSerial,
    benMail,
    anaLink: linkIn(anaMail, '/team-card'),
    benLink: linkIn(benMail, '/team-card'),
  };
}

const tokenOf = (link: string) => link.split('/team-card/')[1] ?? '';

describe('shipping a Team Pack', () => {
  it('asks for the serial of each member card and names every problem against its card', async () => {
    const { order, designs, fresh, ana } = await confirmedTeamPack();
    const [own, forAna, forBen] = designs;
    const [first, second] = fresh;
    if (!own || !forAna || !forBen || !first || !second) throw new Error('no pack');
    const field = (design: Design) => `serials.${design.id}`;

    const none = await ship(order.id, []);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({
      [field(forAna)]: [TEAM_CLAIM_MESSAGES.serialsNeeded],
      [field(forBen)]: [TEAM_CLAIM_MESSAGES.serialsNeeded],
    });

    const other = (await generateBatch(t.database.db, 'IC-CLS-MB', 1))[0]?.serial ?? '';
    const claimedElsewhere = fresh[2] ?? '';
    await t.database.db
      .update(serials)
      .set({ claimedBy: ana.id })
      .where(eq(serials.serial, claimedElsewhere));
    const cases: Array<[Array<{ design: number; serial: string }>, string, string]> = [
      [
        [
          { design: forAna.id, serial: first },
          { design: forBen.id, serial: first },
        ],
        field(forBen),
        TEAM_CLAIM_MESSAGES.serialTwice,
      ],
      [
        [
          { design: forAna.id, serial: first },
          { design: forBen.id, serial: other },
        ],
        field(forBen),
        TEAM_CLAIM_MESSAGES.serialWrongProduct,
      ],
      [
        [
          { design: forAna.id, serial: claimedElsewhere },
          { design: forBen.id, serial: second },
        ],
        field(forAna),
        TEAM_CLAIM_MESSAGES.serialUnavailable,
      ],
      [
        [
          { design: forAna.id, serial: `${first.slice(0, 11)}${first[11] === '0' ? '1' : '0'}` },
          { design: forBen.id, serial: second },
        ],
        field(forAna),
        TEAM_CLAIM_MESSAGES.serialFormat,
      ],
      [
        [
          { design: forAna.id, serial: generateSerial() },
          { design: forBen.id, serial: second },
        ],
        field(forAna),
        CLAIM_MESSAGES.notFound,
      ],
      [
        [
          { design: own.id, serial: first },
          { design: forAna.id, serial: first },
          { design: forBen.id, serial: second },
        ],
        field(own),
        TEAM_CLAIM_MESSAGES.notMemberCard,
      ],
    ];
    for (const [entered, key, message] of cases) {
      const refused = await ship(order.id, entered);
      expect(refused.status, JSON.stringify(entered)).toBe(400);
      expect(refused.body.errors[key], JSON.stringify(entered)).toEqual([message]);
      // The firm reads these, not the card's owner.
      expect(refused.body.detail).not.toMatch(/\byour card\b/i);
    }

    // Serials go with shipping only; any other change with them is refused, not half-recorded.
    const cancelWith = await ship(order.id, [{ design: forAna.id, serial: first }], 'cancelled');
    expect(cancelWith.status).toBe(400);
    expect(cancelWith.body.detail).toBe(TEAM_CLAIM_MESSAGES.serialsOnlyWhenShipping);

    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('confirmed');
    expect(
      await t.database.db.select().from(teamClaims).where(eq(teamClaims.orderDesignId, forAna.id)),
    ).toEqual([]);
  });

  it('records each member card’s serial, mails each member a link and shows the buyer where each card went', async () => {
    const { order, buyer, forAna, forBen, anaSerial, benSerial, anaLink, benLink, benMail, ben } =
      await shippedTeamPack();
    expect(anaLink).not.toBe(benLink);
    expect(benMail.text).toContain('Maya Lindqvist');
    expect(benMail.text).toContain('printed for Ben Okafor');
    expect(benMail.text).toContain(formatSerial(benSerial));

    const shippedMail = await smtp.waitFor(buyer.email, (mail) => mail.subject.includes('Shipped'));
    expect(shippedMail.text).toContain('Each team member named on a card has been e-mailed a link');
    expect(shippedMail.text).toContain(`(for ${ben.email}, card ${formatSerial(benSerial)})`);
    const view = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(view.body.status).toBe('shipped');
    const printed = view.body.items[0].printed as Design[];
    expect(printed.map((design) => [design.serial, design.claimed_at])).toEqual([
      [null, null],
      [formatSerial(anaSerial), null],
      [formatSerial(benSerial), null],
    ]);
    expect(printed.map((design) => design.id)).toEqual([expect.any(Number), forAna.id, forBen.id]);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.status'), eq(auditLog.targetId, String(order.id))));
    expect(audit?.after).toMatchObject({
      status: 'shipped',
      team_cards: [
        { design: forAna.id, serial: anaSerial },
        { design: forBen.id, serial: benSerial },
      ],
    });

    // A serial given to one member cannot go to another order's member.
    const next = await confirmedTeamPack();
    const [, a2, b2] = next.designs;
    if (!a2 || !b2) throw new Error('no pack');
    const again = await t.database.db
      .update(serials)
      .set({ cardId: next.pack.id })
      .where(eq(serials.serial, anaSerial))
      .returning();
    expect(again).toHaveLength(1);
    const given = await ship(next.order.id, [
      { design: a2.id, serial: anaSerial },
      { design: b2.id, serial: next.fresh[0] ?? '' },
    ]);
    expect(given.body.errors[`serials.${a2.id}`]).toEqual([TEAM_CLAIM_MESSAGES.serialGiven]);
  });
});

describe('a member’s link', () => {
  it('shows the printed front and lets only the member’s own account claim the card, once', async () => {
    const { anaLink, ana, anaSerial, buyer, order } = await shippedTeamPack();
    const token = tokenOf(anaLink);

    const front = await call('GET', `/api/team-cards/${token}/front.svg`);
    expect(front.status).toBe(200);
    expect(front.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(front.headers['content-security-policy']).toContain('sandbox');
    expect(front.text).toContain('Ana Sousa');

    expect((await call('POST', '/api/auth/team-cards/accept/', undefined, { token })).status).toBe(401);
    const stranger = await signedInUser(t);
    const wrong = await call('POST', '/api/auth/team-cards/accept/', stranger.cookie, { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe(TEAM_CLAIM_MESSAGES.wrongAccount);
    // Nor may the buyer, who holds the card until it is handed over, take it by its serial.
    const byBuyer = await buyer.call('POST', '/api/auth/cards/claim/', { serial: anaSerial });
    expect(byBuyer.status).toBe(409);
    expect(byBuyer.body.detail).toBe(TEAM_CLAIM_MESSAGES.reserved);

    const claimed = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, { token });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({ serial_number: anaSerial, status: 'active' });
    const again = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, { token });
    expect(again.status).toBe(200);
    const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, anaSerial));
    expect(row?.claimedBy).toBe(ana.id);

    const mine = await call('GET', '/api/auth/cards/', ana.cookie);
    expect(mine.body.map((card: { serial_number: string }) => card.serial_number)).toEqual([anaSerial]);
    const view = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(view.body.items[0].printed[1].claimed_at).toEqual(expect.any(String));
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card.team_claim'), eq(auditLog.targetId, anaSerial)));
    expect(audit?.actorEmail).toBe(ana.email);
  });

  it('is used up when the member claims the card by tapping it instead', async () => {
    const { benLink, ben, benSerial } = await shippedTeamPack();
    const byTap = await call('POST', '/api/auth/cards/claim/', ben.cookie, {
      serial: formatSerial(benSerial),
    });
    expect(byTap.status, byTap.text).toBe(201);
    const [claim] = await t.database.db
      .select()
      .from(teamClaims)
      .innerJoin(serials, eq(serials.id, teamClaims.serialId))
      .where(eq(serials.serial, benSerial));
    expect(claim?.team_claims.claimedBy).toBe(ben.id);
    const fromLink = await call('POST', '/api/auth/team-cards/accept/', ben.cookie, {
      token: tokenOf(benLink),
    });
    expect(fromLink.status).toBe(200);
    expect(fromLink.body.serial_number).toBe(benSerial);
  });

  it('refuses a card its member can no longer have, and unknown links', async () => {
    const { anaLink, ana, anaSerial } = await shippedTeamPack();
    await t.database.db.update(serials).set({ status: 'blocked' }).where(eq(serials.serial, anaSerial));
    const blocked = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, {
      token: tokenOf(anaLink),
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toBe(CLAIM_MESSAGES.blocked);

    const real = tokenOf(anaLink);
    const altered = `${real.slice(0, 42)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['', 'x'.repeat(43), altered, '../../etc/passwd']) {
      const accepted = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, { token });
      expect(accepted.status, token).toBe(404);
      expect(accepted.body.detail).toBe(TEAM_CLAIM_MESSAGES.invalid);
    }
    expect((await call('GET', `/api/team-cards/${'x'.repeat(43)}/front.svg`)).status).toBe(404);
    const extra = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, {
      token: tokenOf(anaLink),
      serial: anaSerial,
    });
    expect(extra.status).toBe(400);
  });
});

describe('sending a member’s link again', () => {
  it('replaces the link, to the same or a corrected address, only on the buyer’s own unclaimed card', async () => {
    const { order, buyer, forAna, forBen, anaLink, ana, ben } = await shippedTeamPack();
    const resend = (design: number, email: string, cookie = buyer.cookie) =>
      call('POST', `/api/orders/${order.id}/designs/${design}/member-link/`, cookie, { email });
    const corrected = await signedInUser(t, { firstName: 'Ana' });

    const sent = await resend(forAna.id, ` ${corrected.email.toUpperCase()} `);
    expect(sent.status, sent.text).toBe(204);
    const mail = await smtp.waitFor(corrected.email, (m) => m.subject.includes('is on its way'));
    const stale = await call('POST', '/api/auth/team-cards/accept/', ana.cookie, { token: tokenOf(anaLink) });
    expect(stale.status).toBe(404);
    const claimed = await call('POST', '/api/auth/team-cards/accept/', corrected.cookie, {
      token: tokenOf(linkIn(mail, '/team-card')),
    });
    expect(claimed.status, claimed.text).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.team_card.sent_again'), eq(auditLog.targetId, String(order.id))));
    expect(audit?.after).toEqual({ design: forAna.id, email: corrected.email });

    const again = await resend(forAna.id, corrected.email);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(TEAM_CLAIM_MESSAGES.notOpen);
    const twice = await resend(forBen.id, corrected.email);
    expect(twice.status).toBe(400);
    expect(twice.body.errors.email).toBeDefined();
    const stranger = await resend(forBen.id, ben.email, (await signedInUser(t)).cookie);
    expect(stranger.status).toBe(404);
    const notShipped = await confirmedTeamPack();
    const early = await call(
      'POST',
      `/api/orders/${notShipped.order.id}/designs/${notShipped.designs[1]?.id}/member-link/`,
      notShipped.buyer.cookie,
      { email: ben.email },
    );
    expect(early.status).toBe(409);
  });
});
