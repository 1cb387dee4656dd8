import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTap, loadTransfer } from '../../../../app/lib/registry.server.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import { sessionSecretOf } from '../../../config.ts';
import { auditLog, cardTransfers, serials, users } from '../../../db/schema/index.ts';
import { caller, request } from '../../../test/request.ts';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../../../test/users.ts';
import { createSessions } from '../../accounts/sessions.ts';
import { claimedCardSchema } from '../responses.ts';
import { generateBatch } from '../serials/batches.ts';
import { cardTaps } from '../sun/tap-card.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = caller(() => t);

/** A fresh card claimed by `owner`. */
async function claimedBy(owner: { cookie: string }): Promise<string> {
  const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  const serial = row?.serial as string;
  expect((await call('POST', '/api/auth/cards/claim/', owner.cookie, { serial })).status).toBe(201);
  return serial;
}

const serialRow = async (serial: string) =>
  (await t.database.db.select().from(serials).where(eq(serials.serial, serial)))[0];

/** What a page loader is given for a request carrying this cookie (or none). */
function pageContext(cookie?: string): AppLoadContext {
  const sessions = createSessions(t.database.db, sessionSecretOf(t.config));
  const sessionToken = cookie?.replace(/^sid=/, '');
  return {
    db: t.database.db,
    publicUrl: t.config.publicUrl,
    sessions,
    sessionToken,
    taps: cardTaps(
      {
        db: t.database.db,
        keys: t.config.sunMasterKeys,
        warn: () => {},
        secret: sessionSecretOf(t.config),
        later: (task) => task(),
        sessions,
      },
      { client: 'card-life-test', network: 'card-life-test', sessionToken },
    ),
  } as AppLoadContext;
}

/** What the tap page's loader answers: a redirect's target, an error page's status, or the page's data. */
async function tap(serial: string, cookie?: string) {
  try {
    return { page: await loadTap(pageContext(cookie), serial, new URLSearchParams()) };
  } catch (thrown) {
    // The tap's signed proof and the signature on its source are other tests' subjects.
    if (thrown instanceof Response)
      return {
        redirect: thrown.headers
          .get('location')
          ?.replace(/&proof=[^&]*/, '')
          .replace(/(via=tap-\w+)\.[\w-]+/, '$1'),
      };
    const error = thrown as { init?: { status?: number }; data?: { message?: string } };
    return { status: error.init?.status, message: error.data?.message };
  }
}

describe('locking a card as lost', () => {
  it('locks and unlocks only for its owner; a tap shows "reported lost", never the owner', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const serial = await claimedBy(owner);
    expect(await tap(serial)).toEqual({ redirect: `/profile/${owner.username}?via=tap-${serial}` });

    // Someone else's card and an unknown serial answer alike, and nothing changes.
    for (const who of [stranger.cookie, undefined]) {
      const locked = await call('POST', `/api/auth/cards/${serial}/lost/`, who);
      expect(locked.status).toBe(who ? 404 : 401);
    }
    const unknown = await call('POST', '/api/auth/cards/ABCDEFGHJKMN/lost/', stranger.cookie);
    const foreign = await call('POST', `/api/auth/cards/${serial}/lost/`, stranger.cookie);
    expect([foreign.status, foreign.text]).toEqual([unknown.status, unknown.text]);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Card not found.' } });
    expect((await serialRow(serial))?.lostAt).toBeNull();

    const locked = await call(
      'POST',
      `/api/auth/cards/${formatSerial(serial).toLowerCase()}/lost/`,
      owner.cookie,
    );
    expect(locked.status).toBe(200);
    expect(claimedCardSchema.parse(locked.body)).toMatchObject({
      serial_number: serial,
      lost_at: expect.any(String),
    });
    // Locking again keeps the first report's time.
    const again = await call('POST', `/api/auth/cards/${serial}/lost/`, owner.cookie);
    expect(again.body.lost_at).toBe(locked.body.lost_at);

    const lostTap = await tap(serial);
    expect(lostTap).toEqual({ page: { kind: 'lost' } });
    expect(JSON.stringify(lostTap)).not.toContain(owner.username);
    // Its owner sees the same page: the tap is what a finder sees.
    expect(await tap(serial, owner.cookie)).toEqual({ page: { kind: 'lost' } });

    // Nobody can claim it, and the stranger cannot unlock it either.
    expect(await call('POST', '/api/auth/cards/claim/', stranger.cookie, { serial })).toMatchObject({
      status: 409,
      body: { detail: 'This card was reported lost and cannot be claimed.' },
    });
    expect((await call('DELETE', `/api/auth/cards/${serial}/lost/`, stranger.cookie)).status).toBe(404);
    expect((await serialRow(serial))?.lostAt).not.toBeNull();

    // The firm sees the report on the serial's page.
    const admin = await signedInAdmin(t);
    const seen = await call('GET', `/api/admin/serials/${serial}/`, admin.cookie);
    expect(seen.body).toMatchObject({ lost_at: locked.body.lost_at, status: 'active' });

    // Verification of the genuine card goes on working.
    const verified = await request(t, { url: `/api/verify/?code=${serial}`, remoteAddress: '10.77.0.1' });
    expect(verified.body).toMatchObject({ valid: true, status: 'Genuine product', reported_lost: true });
    expect(verified.text).not.toContain(owner.username);

    const unlocked = await call('DELETE', `/api/auth/cards/${serial}/lost/`, owner.cookie);
    expect(unlocked).toMatchObject({ status: 200, body: { lost_at: null } });
    expect(await tap(serial)).toEqual({ redirect: `/profile/${owner.username}?via=tap-${serial}` });
  });

  it('refuses to claim a lost card even when it has no owner any more', async () => {
    const owner = await signedInUser(t);
    const finder = await signedInUser(t);
    const serial = await claimedBy(owner);
    await call('POST', `/api/auth/cards/${serial}/lost/`, owner.cookie);
    // The owner's account is deleted: the card is nobody's, and still reported lost.
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    expect(await call('POST', '/api/auth/cards/claim/', finder.cookie, { serial })).toMatchObject({
      status: 409,
      body: { detail: 'This card was reported lost and cannot be claimed.' },
    });
    expect((await serialRow(serial))?.claimedBy).toBeNull();
    expect(await tap(serial)).toEqual({ page: { kind: 'lost' } });
  });

  it('refuses to release a lost card until it is unlocked; a release ends a pending offer', async () => {
    const owner = await signedInUser(t);
    const serial = await claimedBy(owner);
    await call('POST', `/api/auth/cards/${serial}/lost/`, owner.cookie);
    expect(await call('DELETE', `/api/auth/cards/${serial}/`, owner.cookie)).toMatchObject({
      status: 409,
      body: {
        detail:
          'This card is locked as lost. Unlock it before you release it, so whoever finds it cannot claim it.',
      },
    });
    expect((await serialRow(serial))?.claimedBy).toBe(owner.id);

    await call('DELETE', `/api/auth/cards/${serial}/lost/`, owner.cookie);
    await call('POST', `/api/auth/cards/${serial}/transfer/`, owner.cookie, { email: 'later@example.test' });
    await smtp.waitFor('later@example.test');
    expect((await call('DELETE', `/api/auth/cards/${serial}/`, owner.cookie)).status).toBe(204);
    const row = await serialRow(serial);
    expect(row?.claimedBy).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(cardTransfers)
        .where(eq(cardTransfers.serialId, row?.id as number)),
    ).toEqual([]);
  });
});

describe('a private profile’s tap', () => {
  it('is the unknown card’s 404 to everyone but its owner, who goes to their page', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const serial = await claimedBy(owner);
    await t.database.db.update(users).set({ profilePrivate: true }).where(eq(users.id, owner.id));
    const unknown = await tap('ABCDEFGHJKMN');
    expect(unknown).toEqual({ status: 404, message: 'Card not found.' });
    expect(await tap(serial)).toEqual(unknown);
    expect(await tap(serial, other.cookie)).toEqual(unknown);
    expect(await tap(serial, owner.cookie)).toEqual({
      redirect: `/profile/${owner.username}?via=tap-${serial}`,
    });
  });
});

describe('transferring a card by e-mail', () => {
  /** Offers the owner's card to `to` and returns the link from the captured mail. */
  async function offer(owner: { cookie: string }, serial: string, to: string) {
    const offered = await call('POST', `/api/auth/cards/${serial}/transfer/`, owner.cookie, { email: to });
    expect(offered.status).toBe(201);
    const mail = await smtp.waitFor(to.trim().toLowerCase());
    return { offered: offered.body, mail, token: linkIn(mail, '/transfer').split('/').at(-1) as string };
  }

  it('moves the card to the account the mail went to, with an audit entry and a notice to the giver', async () => {
    const giver = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const recipient = await signedInUser(t);
    const intruder = await signedInUser(t);
    const serial = await claimedBy(giver);
    // A lost card can be given: accepting unlocks it for its new owner.
    await call('POST', `/api/auth/cards/${serial}/lost/`, giver.cookie);

    const { offered, mail, token } = await offer(giver, serial, ` ${recipient.email.toUpperCase()} `);
    expect(mail.subject).toBe('An intro card is offered to you at Nexa Digital');
    expect(mail.text).toContain(`Ada Lovelace (${giver.email}) offers you their Nexa Digital intro card`);
    expect(mail.text).toContain(formatSerial(serial));
    expect(mail.text).toContain('Nothing changes until you accept.');
    expect(claimedCardSchema.parse(offered).transfer).toEqual({
      to_email: recipient.email,
      expires_at: expect.any(String),
    });
    const days = (Date.parse(offered.transfer.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only a hash of the token is stored.
    const [stored] = await t.database.db
      .select()
      .from(cardTransfers)
      .where(eq(cardTransfers.fromUserId, giver.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // Until accepted nothing changes: the giver still owns it, the tap is still theirs (locked).
    expect((await serialRow(serial))?.claimedBy).toBe(giver.id);
    const page = await loadTransfer(pageContext(recipient.cookie), token);
    expect(page).toEqual({
      offer: {
        cardName: 'Classic Intro Card',
        display: formatSerial(serial),
        fromName: 'Ada Lovelace',
        toEmail: recipient.email,
        expiresAt: offered.transfer.expires_at,
      },
      viewerEmail: recipient.email,
    });

    // Another account holding the link is refused and changes nothing; so is a signed-out visitor.
    expect(await call('POST', '/api/auth/cards/transfers/accept/', intruder.cookie, { token })).toMatchObject(
      {
        status: 403,
        body: {
          detail:
            'This offer was sent to another e-mail address. Sign in with the address it was sent to, then accept it.',
        },
      },
    );
    expect((await call('POST', '/api/auth/cards/transfers/accept/', undefined, { token })).status).toBe(401);
    expect((await serialRow(serial))?.claimedBy).toBe(giver.id);
    expect((await call('GET', '/api/auth/cards/', intruder.cookie)).body).toEqual([]);

    const accepted = await call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token });
    expect(accepted.status).toBe(200);
    expect(claimedCardSchema.parse(accepted.body)).toMatchObject({
      serial_number: serial,
      lost_at: null,
      transfer: null,
    });
    const row = await serialRow(serial);
    expect(row).toMatchObject({ claimedBy: recipient.id, lostAt: null });
    expect((await call('GET', '/api/auth/cards/', giver.cookie)).body).toEqual([]);
    expect(await tap(serial)).toEqual({ redirect: `/profile/${recipient.username}?via=tap-${serial}` });

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, serial));
    expect(entry).toMatchObject({
      actorId: recipient.id,
      actorEmail: recipient.email,
      action: 'card.transfer',
      targetType: 'serial',
      before: { owner_id: giver.id, owner_email: giver.email },
      after: { owner_id: recipient.id, owner_email: recipient.email },
    });
    const notice = await smtp.waitFor(giver.email);
    expect(notice.subject).toBe(`Your intro card ${formatSerial(serial)} was transferred`);
    expect(notice.text).toContain(`${recipient.email} accepted your offer`);

    // The link is used up.
    expect(
      await call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'This transfer link is invalid or has expired.' },
    });
    await expect(loadTransfer(pageContext(), token)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('changes nothing for an offer cancelled, replaced, expired, or of a card blocked since', async () => {
    const giver = await signedInUser(t);
    const recipient = await signedInUser(t);
    const serial = await claimedBy(giver);
    const accept = (token: string) =>
      call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token });

    const first = await offer(giver, serial, recipient.email);
    const second = await offer(giver, serial, recipient.email);
    expect(
      await t.database.db.select().from(cardTransfers).where(eq(cardTransfers.fromUserId, giver.id)),
    ).toHaveLength(1);
    expect((await accept(first.token)).status).toBe(404);

    // Cancelled: only by its owner (another user's cancel is the same 404 as an unknown card).
    expect((await call('DELETE', `/api/auth/cards/${serial}/transfer/`, recipient.cookie)).status).toBe(404);
    expect((await call('DELETE', `/api/auth/cards/${serial}/transfer/`, giver.cookie)).status).toBe(204);
    expect((await call('GET', '/api/auth/cards/', giver.cookie)).body[0].transfer).toBeNull();
    expect((await accept(second.token)).status).toBe(404);

    // Expired.
    const third = await offer(giver, serial, recipient.email);
    await t.database.db
      .update(cardTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cardTransfers.fromUserId, giver.id));
    expect((await call('GET', '/api/auth/cards/', giver.cookie)).body[0].transfer).toBeNull();
    expect((await accept(third.token)).status).toBe(404);

    // Blocked by the firm since the offer: there is nothing to give.
    const fourth = await offer(giver, serial, recipient.email);
    await t.database.db.update(serials).set({ status: 'blocked' }).where(eq(serials.serial, serial));
    expect((await accept(fourth.token)).status).toBe(404);
    await t.database.db.update(serials).set({ status: 'active' }).where(eq(serials.serial, serial));

    expect((await serialRow(serial))?.claimedBy).toBe(giver.id);
    expect((await call('GET', '/api/auth/cards/', recipient.cookie)).body).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, serial))).toEqual([]);

    // Not a token at all.
    expect((await accept('nope')).status).toBe(404);
    expect(
      (await call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token: 'x', more: 1 }))
        .status,
    ).toBe(400);
  });

  it('moves the card once when the link is accepted twice at the same moment', async () => {
    const giver = await signedInUser(t);
    const recipient = await signedInUser(t);
    const serial = await claimedBy(giver);
    const { token } = await offer(giver, serial, recipient.email);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/auth/cards/transfers/accept/', recipient.cookie, { token }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
    expect((await serialRow(serial))?.claimedBy).toBe(recipient.id);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, serial))).toHaveLength(1);
    await smtp.waitFor(giver.email);
  });

  it('refuses an offer to oneself, of someone else’s card, or without a valid address; limits offers per hour', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const serial = await claimedBy(owner);
    const offerTo = (body: object, cookie = owner.cookie) =>
      call('POST', `/api/auth/cards/${serial}/transfer/`, cookie, body);
    expect(await offerTo({ email: owner.email.toUpperCase() })).toMatchObject({
      status: 400,
      body: {
        errors: {
          email: ['Enter the e-mail address of the person you are giving the card to, not your own.'],
        },
      },
    });
    expect(await offerTo({ email: 'not-an-address' })).toMatchObject({
      status: 400,
      body: { errors: { email: ['Enter a valid email address.'] } },
    });
    expect((await offerTo({ email: 'a@example.test', extra: true })).status).toBe(400);
    expect((await offerTo({ email: 'a@example.test' }, other.cookie)).status).toBe(404);
    expect(
      await t.database.db.select().from(cardTransfers).where(eq(cardTransfers.fromUserId, owner.id)),
    ).toEqual([]);

    // The offer to oneself counted (the limit counts before it checks); invalid bodies never reach it.
    const statuses = [];
    for (let n = 0; n < 10; n++) statuses.push((await offerTo({ email: `friend${n}@example.test` })).status);
    expect(statuses).toEqual([...Array(9).fill(201), 429]);
  });
});
