// Attacks on Team Pack claims over HTTP: who may ship and record serials, who may claim a member's card,
// and what odd input, re-used links and concurrent calls do to the order, the serials and the team claims.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/messages/accounts.ts';
import { TEAM_CLAIM_MESSAGES } from '../../common/messages/team-claims.ts';
import { formatSerial } from '../../common/serial-format.ts';
import { auditLog, orderEvents, orderLines, orders, serials, teamClaims, users } from '../db/schema/index.ts';
import { ORDER_ADMIN_MESSAGES } from '../modules/orders/fulfilment.ts';
import { CLAIM_MESSAGES } from '../modules/registry/ownership/claims.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { generateSerial } from '../modules/registry/serials/serial-code.ts';
import { FORBIDDEN } from '../modules/staff/guard.ts';
import { rowsOf } from '../test/migrations-up-to.ts';
import { personalBuyer, personalCard } from '../test/personalised-buyers.ts';
import { caller, request } from '../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../test/users.ts';

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

type Design = { id: number; member_email: string | null; serial: string | null; claimed_at: string | null };

const call = caller(() => t);

const statusUrl = (orderId: number) => `/api/admin/orders/${orderId}/status/`;
const ship = (orderId: number, entered: unknown, status = 'shipped', cookie = admin.cookie) =>
  call('POST', statusUrl(orderId), cookie, { status, note: '', serials: entered });
const accept = (cookie: string | undefined, token: unknown) =>
  call('POST', '/api/auth/team-cards/accept/', cookie, { token });
const claimBySerial = (cookie: string, serial: string) =>
  call('POST', '/api/auth/cards/claim/', cookie, { serial });
const tokenOf = (link: string) => link.split('/team-card/')[1] ?? '';

/** A confirmed Team Pack of three: the buyer's own card, one for Ana and one for Ben (typed in capitals). */
async function confirmedTeamPack() {
  const pack = await personalCard(t, ['name', 'title'], 3);
  const buyer = await personalBuyer(t, 'Maya');
  const ana = await signedInUser(t, { firstName: 'Ana' });
  const ben = await signedInUser(t, { firstName: 'Ben' });
  const personalisation = [
    { name: 'Maya Lindqvist', title: 'Founder' },
    { name: 'Ana Sousa', title: 'Engineer', member_email: ana.email },
    { name: 'Ben Okafor', title: 'Designer', member_email: ` ${ben.email.toUpperCase()} ` },
  ];
  const placed = await buyer.call(
    'POST',
    '/api/orders/',
    {
      address: buyer.addressId,
      items: [{ card: pack.id, design: pack.category, quantity: 1, personalisation }],
    },
    { 'idempotency-key': `attack-team-${randomBytes(6).toString('hex')}` },
  );
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.body.id as number;
  await t.database.db.update(orders).set({ status: 'confirmed', paidCents: sql`${orders.totalCents}` }); // paid: shipping waits for payment.where(eq(orders.id, orderId));
  const [own, forAna, forBen] = placed.body.items[0].printed as Design[];
  const fresh = (await generateBatch(t.database.db, pack.sku, 4)).map((row) => row.serial);
  const [anaSerial, benSerial, spare] = fresh;
  if (!own || !forAna || !forBen || !anaSerial || !benSerial || !spare) throw new Error('no pack');
  return { orderId, buyer, ana, ben, own, forAna, forBen, anaSerial, benSerial, spare, pack };
}

async function shippedTeamPack() {
  const team = await confirmedTeamPack();
  const shipped = await ship(team.orderId, [
    { design: team.forAna.id, serial: team.anaSerial },
    { design: team.forBen.id, serial: team.benSerial },
  ]);
  expect(shipped.status, shipped.text).toBe(200);
  const linkOf = async (email: string) =>
    tokenOf(
      linkIn(await smtp.waitFor(email, (mail) => mail.subject.includes('is on its way')), '/team-card'),
    );
  return { ...team, anaToken: await linkOf(team.ana.email), benToken: await linkOf(team.ben.email) };
}

/** What a refused change must leave exactly as it was. */
async function untouched(orderId: number, status = 'confirmed') {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order?.status).toBe(status);
  const events = await t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'shipped')));
  expect(events).toEqual(status === 'shipped' ? [expect.anything()] : []);
}

async function claimsOfSerial(serial: string) {
  return t.database.db
    .select({ claim: teamClaims, owner: serials.claimedBy })
    .from(teamClaims)
    .innerJoin(serials, eq(serials.id, teamClaims.serialId))
    .where(eq(serials.serial, serial));
}

async function ownerOf(serial: string) {
  const [row] = await t.database.db.select().from(serials).where(eq(serials.serial, serial));
  return row?.claimedBy ?? null;
}

describe('only an admin ships a Team Pack and records its serials', () => {
  it('a visitor is 401 and the buyer or a member 403, and nothing is recorded', async () => {
    const { orderId, buyer, ana, forAna, forBen, anaSerial, benSerial } = await confirmedTeamPack();
    const entered = [
      { design: forAna.id, serial: anaSerial },
      { design: forBen.id, serial: benSerial },
    ];
    const anonymous = await ship(orderId, entered, 'shipped', '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe(ACCOUNT_MESSAGES.notSignedIn);
    for (const cookie of [buyer.cookie, ana.cookie]) {
      const refused = await ship(orderId, entered, 'shipped', cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(FORBIDDEN);
    }
    await untouched(orderId);
    expect(await claimsOfSerial(anaSerial)).toEqual([]);
  });
});

describe('odd serials never give a 500 and never half-change the order', () => {
  const odd: Array<[string, (designs: { ana: number; ben: number }, serial: string) => unknown]> = [
    ['a string', () => 'abc'],
    ['null', () => null],
    ['an object', ({ ana }, serial) => ({ design: ana, serial })],
    ['an array of null', () => [null]],
    ['an array of numbers', () => [1, 2]],
    [
      'the design as a string',
      ({ ana, ben }, serial) => [
        { design: String(ana), serial },
        { design: ben, serial },
      ],
    ],
    [
      'a negative design',
      ({ ben }, serial) => [
        { design: -1, serial },
        { design: ben, serial },
      ],
    ],
    [
      'a zero design',
      ({ ben }, serial) => [
        { design: 0, serial },
        { design: ben, serial },
      ],
    ],
    ['a fractional design', ({ ana }, serial) => [{ design: ana + 0.5, serial }]],
    [
      'a huge design',
      ({ ana }, serial) => [
        { design: 1e20, serial },
        { design: ana, serial },
      ],
    ],
    [
      'an unsafe integer design',
      ({ ana }, serial) => [
        { design: 2 ** 53 + 2, serial },
        { design: ana, serial },
      ],
    ],
    [
      'a 32-bit overflowing design',
      ({ ana }, serial) => [
        { design: 2 ** 31, serial },
        { design: ana, serial },
      ],
    ],
    [
      'the serial as a number',
      ({ ana, ben }) => [
        { design: ana, serial: 123456789012 },
        { design: ben, serial: '' },
      ],
    ],
    [
      'the serial as null',
      ({ ana, ben }, serial) => [
        { design: ana, serial: null },
        { design: ben, serial },
      ],
    ],
    [
      'a NUL serial',
      ({ ana, ben }, serial) => [
        { design: ana, serial: '\u0000' },
        { design: ben, serial },
      ],
    ],
    [
      'a NUL inside a serial',
      ({ ana, ben }, serial) => [
        { design: ana, serial: `${serial.slice(0, 6)}\u0000${serial.slice(6)}` },
        { design: ben, serial },
      ],
    ],
    [
      'a lone surrogate',
      ({ ana, ben }, serial) => [
        { design: ana, serial: '\ud800' },
        { design: ben, serial },
      ],
    ],
    [
      'SQL in a serial',
      ({ ana, ben }, serial) => [
        { design: ana, serial: "' OR 1=1 --" },
        { design: ben, serial },
      ],
    ],
    [
      'a serial of 41 characters',
      ({ ana, ben }, serial) => [
        { design: ana, serial: 'A'.repeat(41) },
        { design: ben, serial },
      ],
    ],
    [
      'only dashes and spaces',
      ({ ana, ben }, serial) => [
        { design: ana, serial: ' - - - ' },
        { design: ben, serial },
      ],
    ],
    [
      'an unknown field',
      ({ ana, ben }, serial) => [
        { design: ana, serial, owner: 1 },
        { design: ben, serial },
      ],
    ],
    ['too many entries', ({ ana }, serial) => Array.from({ length: 51 }, () => ({ design: ana, serial }))],
    [
      'a thousand entries',
      ({ ana }, serial) => Array.from({ length: 1000 }, (_, i) => ({ design: ana + i, serial })),
    ],
  ];
  for (const [label, entered] of odd) {
    it(label, async () => {
      const { orderId, forAna, forBen, anaSerial } = await confirmedTeamPack();
      const refused = await ship(orderId, entered({ ana: forAna.id, ben: forBen.id }, anaSerial));
      // A thousand entries are over the route's body limit: refused before any schema reads them.
      expect(refused.status, refused.text).toBe(label === 'a thousand entries' ? 413 : 400);
      expect(refused.body.detail, refused.text).toEqual(expect.any(String));
      await untouched(orderId);
      expect(await claimsOfSerial(anaSerial)).toEqual([]);
    });
  }

  it('two serials for one member card are refused, not one of them silently dropped', async () => {
    const { orderId, forAna, forBen, anaSerial, benSerial, spare } = await confirmedTeamPack();
    const refused = await ship(orderId, [
      { design: forAna.id, serial: anaSerial },
      { design: forAna.id, serial: spare },
      { design: forBen.id, serial: benSerial },
    ]);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[`serials.${forAna.id}`], refused.text).toEqual([expect.any(String)]);
    await untouched(orderId);
    expect(await claimsOfSerial(anaSerial)).toEqual([]);
  });

  it('serials with a status other than shipped, or on an order already shipped, change nothing', async () => {
    const { orderId, forAna, forBen, anaSerial, benSerial, anaToken, spare } = await shippedTeamPack();
    const delivered = await ship(orderId, [{ design: forAna.id, serial: spare }], 'delivered');
    expect(delivered.status).toBe(400);
    expect(delivered.body.detail).toBe(TEAM_CLAIM_MESSAGES.serialsOnlyWhenShipping);
    const again = await ship(orderId, [
      { design: forAna.id, serial: spare },
      { design: forBen.id, serial: benSerial },
    ]);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(ORDER_ADMIN_MESSAGES.transition('shipped', 'shipped'));
    await untouched(orderId, 'shipped');
    expect((await claimsOfSerial(spare)).length).toBe(0);
    const [claim] = await claimsOfSerial(anaSerial);
    expect(claim?.claim.claimedAt).toBeNull();
    // The link mailed first still works.
    expect(await claimsOfSerialByToken(anaToken)).toBe(anaSerial);
  });

  it('a serial of a member card in another order cannot be given again, even by two admins at once', async () => {
    const first = await confirmedTeamPack();
    const second = await confirmedTeamPack();
    // Both orders are of the same product, so only the serial given twice tells them apart.
    await t.database.db
      .update(orderLines)
      .set({ cardId: first.pack.id })
      .where(eq(orderLines.orderId, second.orderId));
    const [a, b] = await Promise.all([
      ship(first.orderId, [
        { design: first.forAna.id, serial: first.anaSerial },
        { design: first.forBen.id, serial: first.benSerial },
      ]),
      ship(second.orderId, [
        { design: second.forAna.id, serial: first.anaSerial },
        { design: second.forBen.id, serial: first.spare },
      ]),
    ]);
    const statuses = [a?.status, b?.status].sort();
    expect(statuses, `${a?.text} ${b?.text}`).toEqual([200, 400]);
    const loser = a?.status === 400 ? a : b;
    expect(Object.values(loser?.body.errors ?? {})).toEqual([[TEAM_CLAIM_MESSAGES.serialGiven]]);
    expect(await claimsOfSerial(first.anaSerial)).toHaveLength(1);
    // The spare went to the second order's member only if the second order won.
    expect(await claimsOfSerial(first.spare)).toHaveLength(loser === b ? 0 : 1);
  });
});

describe('shipping and claiming the same serial at once', () => {
  it('never leaves a member a link to a card someone else took meanwhile', async () => {
    const { orderId, forAna, forBen, anaSerial, benSerial } = await confirmedTeamPack();
    const stranger = await signedInUser(t);
    const [shipped, claimed] = await Promise.all([
      ship(orderId, [
        { design: forAna.id, serial: anaSerial },
        { design: forBen.id, serial: benSerial },
      ]),
      claimBySerial(stranger.cookie, anaSerial),
    ]);
    const outcome = `${shipped.status}/${claimed.status}`;
    expect(['200/409', '400/201'], `${shipped.text} ${claimed.text}`).toContain(outcome);
    const [claim] = await claimsOfSerial(anaSerial);
    if (outcome === '200/409') {
      expect(claimed.body.detail).toBe(TEAM_CLAIM_MESSAGES.reserved);
      expect(claim?.owner).toBeNull();
    } else {
      expect(shipped.body.errors[`serials.${forAna.id}`]).toEqual([TEAM_CLAIM_MESSAGES.serialUnavailable]);
      expect(claim).toBeUndefined();
      await untouched(orderId);
    }
  });
});

describe('only the member’s own usable account claims the card', () => {
  it('strangers, the buyer and another member are refused by link and by serial; the card stays theirs to claim', async () => {
    const { buyer, ana, ben, anaSerial, anaToken, benToken } = await shippedTeamPack();
    const stranger = await signedInUser(t);
    for (const cookie of [stranger.cookie, buyer.cookie, ben.cookie]) {
      const byLink = await accept(cookie, anaToken);
      expect(byLink.status).toBe(403);
      expect(byLink.body.detail).toBe(TEAM_CLAIM_MESSAGES.wrongAccount);
      for (const typed of [
        anaSerial,
        formatSerial(anaSerial).toLowerCase(),
        ` ${formatSerial(anaSerial)} `,
      ]) {
        const bySerial = await claimBySerial(cookie, typed);
        expect(bySerial.status).toBe(409);
        expect(bySerial.body.detail).toBe(TEAM_CLAIM_MESSAGES.reserved);
        expect(bySerial.body.errors).toEqual({ serial: [TEAM_CLAIM_MESSAGES.reserved] });
      }
    }
    // Ana cannot take Ben's card with her own link's account either.
    expect((await accept(ana.cookie, benToken)).status).toBe(403);
    expect(await ownerOf(anaSerial)).toBeNull();
    const [claim] = await claimsOfSerial(anaSerial);
    expect(claim?.claim).toMatchObject({ claimedBy: null, claimedAt: null });
  });

  it('the member whose address was typed in capitals claims with the link', async () => {
    const { ben, benSerial, benToken } = await shippedTeamPack();
    const claimed = await accept(ben.cookie, benToken);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.serial_number).toBe(benSerial);
    expect(await ownerOf(benSerial)).toBe(ben.id);
  });

  it('an account that is no longer verified, or is disabled, is signed out and cannot claim', async () => {
    const { ana, anaSerial, anaToken } = await shippedTeamPack();
    for (const change of [{ emailVerifiedAt: null }, { disabledAt: new Date() }]) {
      await t.database.db.update(users).set(change).where(eq(users.id, ana.id));
      const byLink = await accept(ana.cookie, anaToken);
      expect(byLink.status).toBe(401);
      expect(byLink.body.detail).toBe(ACCOUNT_MESSAGES.notSignedIn);
      expect((await claimBySerial(ana.cookie, anaSerial)).status).toBe(401);
      await t.database.db
        .update(users)
        .set({ emailVerifiedAt: new Date(), disabledAt: null })
        .where(eq(users.id, ana.id));
    }
    expect(await ownerOf(anaSerial)).toBeNull();
    expect((await accept(ana.cookie, anaToken)).status).toBe(200);
  });

  it('an account that takes the member’s address only after shipping still needs the address itself', async () => {
    const { ana, anaSerial, anaToken } = await shippedTeamPack();
    // Ana moves to a new address; the card was printed for the old one.
    await t.database.db
      .update(users)
      .set({ email: `moved-${ana.email}` })
      .where(eq(users.id, ana.id));
    const moved = await accept(ana.cookie, anaToken);
    expect(moved.status).toBe(403);
    expect(moved.body.detail).toBe(TEAM_CLAIM_MESSAGES.wrongAccount);
    expect((await claimBySerial(ana.cookie, anaSerial)).body.detail).toBe(TEAM_CLAIM_MESSAGES.reserved);
    expect(await ownerOf(anaSerial)).toBeNull();
  });
});

describe('links are single-use and cannot be forged', () => {
  it('malformed, altered or traversing tokens are 404 or 400, never a 500 or someone else’s card', async () => {
    const { ana, anaToken } = await shippedTeamPack();
    const flipped = `${anaToken.slice(0, 42)}${anaToken[42] === 'A' ? 'B' : 'A'}`;
    const swappedCase = anaToken.replace(/[a-z]/, (c) => c.toUpperCase());
    const notFound = [
      '',
      flipped,
      swappedCase === anaToken ? `${anaToken.slice(0, 42)}-` : swappedCase,
      `${anaToken}=`,
      `${anaToken} `,
      ` ${anaToken}`,
      `${anaToken}\n`,
      anaToken.slice(0, 42),
      '../../../../etc/passwd',
      'A'.repeat(43),
      '%00'.repeat(20),
    ];
    for (const token of notFound) {
      const accepted = await accept(ana.cookie, token);
      expect(accepted.status, JSON.stringify(token)).toBe(404);
      expect(accepted.body.detail).toBe(TEAM_CLAIM_MESSAGES.invalid);
    }
    for (const token of [null, 42, [anaToken], { $ne: '' }, 'A'.repeat(101), `${anaToken}\u0000`]) {
      const accepted = await accept(ana.cookie, token);
      expect(accepted.status, JSON.stringify(token)).toBe(400);
      expect(accepted.text).not.toContain('<svg');
    }
    for (const path of [
      `${encodeURIComponent('../../etc/passwd')}`,
      '..%2F..%2F..%2Fetc%2Fpasswd',
      `${anaToken}%00`,
      `${anaToken}%20`,
      flipped,
      'x'.repeat(5000),
    ]) {
      const front = await call('GET', `/api/team-cards/${path}/front.svg`);
      expect(front.status, path).toBe(404);
      expect(front.text).not.toContain('<svg');
    }
    expect(await ownerOf((await claimsOfSerialByToken(anaToken)) ?? '')).toBeNull();
  });

  it('a used link does not come back after the card is released or passes to someone else', async () => {
    const { ana, anaSerial, anaToken, buyer } = await shippedTeamPack();
    expect((await accept(ana.cookie, anaToken)).status).toBe(200);
    const released = await call('DELETE', `/api/auth/cards/${anaSerial}/`, ana.cookie);
    expect(released.status, released.text).toBe(204);
    // Released by its member, the card is like any other: the link does not claim it back.
    const reused = await accept(ana.cookie, anaToken);
    expect(reused.status).toBe(404);
    expect(reused.body.detail).toBe(TEAM_CLAIM_MESSAGES.invalid);
    expect(await ownerOf(anaSerial)).toBeNull();
    // Now the buyer takes it by serial; Ana's old link must not show or return the buyer's card.
    expect((await claimBySerial(buyer.cookie, anaSerial)).status).toBe(201);
    const afterTransfer = await accept(ana.cookie, anaToken);
    expect(afterTransfer.status).toBe(404);
    expect(afterTransfer.text).not.toContain(anaSerial);
    expect(await ownerOf(anaSerial)).toBe(buyer.id);
  });

  it('a card claimed by tap uses up the link; the same link for another account stays refused', async () => {
    const { ana, anaSerial, anaToken } = await shippedTeamPack();
    expect((await claimBySerial(ana.cookie, formatSerial(anaSerial).toLowerCase())).status).toBe(201);
    const [claim] = await claimsOfSerial(anaSerial);
    expect(claim?.claim.claimedBy).toBe(ana.id);
    expect(claim?.claim.claimedAt).not.toBeNull();
    const stranger = await signedInUser(t);
    expect((await accept(stranger.cookie, anaToken)).status).toBe(403);
    expect(await ownerOf(anaSerial)).toBe(ana.id);
  });

  it('concurrent accepts by two sessions of the member and a stranger claim the card once', async () => {
    const { ana, anaSerial, anaToken, buyer } = await shippedTeamPack();
    const second = await request(t, {
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: ana.email, password: 'Blue-Harbour-42' },
      remoteAddress: '10.99.1.1',
    });
    const secondCookie = `sid=${second.cookies.find((cookie) => cookie.name === 'sid')?.value}`;
    const results = await Promise.all([
      accept(ana.cookie, anaToken),
      accept(secondCookie, anaToken),
      accept(buyer.cookie, anaToken),
      claimBySerial(buyer.cookie, anaSerial),
      claimBySerial(ana.cookie, anaSerial),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 403, 409, 201]);
    expect([TEAM_CLAIM_MESSAGES.reserved, CLAIM_MESSAGES.taken]).toContain(results[3]?.body.detail);
    expect(await ownerOf(anaSerial)).toBe(ana.id);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card.team_claim'), eq(auditLog.targetId, anaSerial)));
    expect(audits.length).toBeLessThanOrEqual(1);
    const [claim] = await claimsOfSerial(anaSerial);
    expect(claim?.claim.claimedBy).toBe(ana.id);
  });
  // PGlite runs one transaction at a time; only PostgreSQL can interleave them.
  it.skipIf(!process.env.DATABASE_URL)(
    'an accept waiting for the card holds no lock on the link, so a claim by serial cannot deadlock it',
    async () => {
      const { ana, anaSerial, anaToken } = await shippedTeamPack();
      const db = t.database.db;
      let acceptDone: Promise<Awaited<ReturnType<typeof accept>>> | undefined;
      // A claim by serial locks the card's row first; hold it as one would, and let the accept run into it.
      await db.transaction(async (tx) => {
        await tx.select().from(serials).where(eq(serials.serial, anaSerial)).for('update');
        const pid = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const holder = pid.rows[0]?.pid;
        acceptDone = accept(ana.cookie, anaToken);
        const waitingOnHolder = sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE ${holder}::int = ANY(pg_blocking_pids(pid))`;
        await expect
          .poll(async () => (await rowsOf<{ waiting: number }>(t.database, waitingOnHolder))[0]?.waiting, {
            timeout: 10_000,
          })
          .toBe(1);
        // The claim by serial would now take the link's row: it must be free, not held by the waiting accept.
        const free = await db.transaction(async (other) =>
          other
            .select({ id: teamClaims.id })
            .from(teamClaims)
            .where(eq(teamClaims.tokenHash, createHash('sha256').update(anaToken).digest('hex')))
            .for('update', { noWait: true }),
        );
        expect(free).toHaveLength(1);
      });
      expect((await acceptDone)?.status).toBe(200);
      expect(await ownerOf(anaSerial)).toBe(ana.id);
    },
  );
});

describe('the reservation leaks nothing and breaks no other claim', () => {
  it('a serial of no Team Pack is claimed as before, an unknown one is not found', async () => {
    const { buyer, spare } = await shippedTeamPack();
    const mine = await claimBySerial(buyer.cookie, spare);
    expect(mine.status, mine.text).toBe(201);
    const unknown = await claimBySerial(buyer.cookie, generateSerial());
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(CLAIM_MESSAGES.notFound);
  });

  it('the buyer’s order shows serials of its own member cards only, and another buyer sees nothing', async () => {
    const { orderId, buyer, anaSerial, benSerial } = await shippedTeamPack();
    const view = await buyer.call('GET', `/api/orders/${orderId}/`);
    expect((view.body.items[0].printed as Design[]).map((design) => design.serial)).toEqual([
      null,
      formatSerial(anaSerial),
      formatSerial(benSerial),
    ]);
    const other = await personalBuyer(t, 'Eve');
    const peek = await other.call('GET', `/api/orders/${orderId}/`);
    expect(peek.status).toBe(404);
    expect(peek.text).not.toContain(formatSerial(anaSerial));
  });
});

async function claimsOfSerialByToken(token: string): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ serial: serials.serial })
    .from(teamClaims)
    .innerJoin(serials, eq(serials.id, teamClaims.serialId))
    .where(eq(teamClaims.tokenHash, createHash('sha256').update(token).digest('hex')));
  return row?.serial;
}
