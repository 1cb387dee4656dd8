import { and, eq, not, sql } from 'drizzle-orm';
import { CARD_LIFE_MESSAGES } from '../../../../common/messages/card-life.ts';
import { TEAM_CLAIM_MESSAGES } from '../../../../common/messages/team-claims.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { cards, cardTransfers, serials, teamClaims, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { countMiss, type Limit, refundHit, tooManyAttempts } from '../../../http/rate-limit.ts';
import type { ClaimedCard } from '../responses.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';
import { changeHands } from './hand-over.ts';

export const CLAIM_MESSAGES = {
  format: 'Enter the 12-character serial number printed on your card.',
  notFound: 'No card has this serial number.',
  blocked: 'This card has been blocked and cannot be claimed.',
  taken: 'This card has already been claimed by someone else.',
  tapToClaim:
    'This card has a secure chip: tap it with your phone, then claim it from the page that opens (within 30 minutes, on the same phone).',
} as const;

/** Wrong serials a user may try in an hour when claiming: claiming must not become a way to find serials. */
const FAILED_CLAIMS: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

export async function listClaimedCards(db: Db, userId: number, publicUrl: string): Promise<ClaimedCard[]> {
  const rows = await db
    .select({ serial: serials, sku: cards.sku, name: cards.name, offer: cardTransfers })
    .from(serials)
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .leftJoin(
      cardTransfers,
      and(eq(cardTransfers.serialId, serials.id), eq(cardTransfers.fromUserId, userId)),
    )
    .where(eq(serials.claimedBy, userId))
    .orderBy(sql`${serials.claimedAt} desc`, serials.id);
  return rows.map(({ serial, sku, name, offer }) => ({
    serial_number: serial.serial,
    display: formatSerial(serial.serial),
    sku,
    card_name: name,
    status: serial.status,
    claimed_at: serial.claimedAt?.toISOString() ?? null,
    tap_url: `${publicUrl}/c/${serial.serial}`,
    lost_at: serial.lostAt?.toISOString() ?? null,
    // An offer past its time is as good as none: the recipient's link no longer works.
    transfer:
      offer && offer.expiresAt > new Date()
        ? { to_email: offer.toEmail, expires_at: offer.expiresAt.toISOString() }
        : null,
  }));
}

/**
 * Whether the claimer tapped this card's chip just now (a claim ticket for this serial and client). Its
 * printed serial is on the card for anyone who saw it, so a secure card is claimed only with one.
 */
type FreshTap = (serial: string) => boolean;

/** Refuses a claim of an unclaimed secure card that comes without a fresh verified tap of its chip. */
async function requireTapOfSecureCard(db: Db, userId: number, serial: string, freshTap: FreshTap) {
  const [row] = await db
    .select({ secure: sql<boolean>`${serials.sunKeyVersion} is not null`, claimedBy: serials.claimedBy })
    .from(serials)
    .where(eq(serials.serial, serial));
  if (row?.secure && row.claimedBy !== userId && !freshTap(serial)) {
    throw new AppError('forbidden', CLAIM_MESSAGES.tapToClaim, { serial: [CLAIM_MESSAGES.tapToClaim] });
  }
}

/**
 * Claims an active, unclaimed card for the user (claiming one's own card again is fine); a secure card only
 * with a fresh verified tap of its chip.
 */
export async function claimCard(
  db: Db,
  userId: number,
  code: string,
  publicUrl: string,
  freshTap: FreshTap,
): Promise<ClaimedCard> {
  const serial = serialShape(compactCode(code));
  if (!serial || !hasValidCheck(serial)) {
    throw new AppError('bad_request', CLAIM_MESSAGES.format, { serial: [CLAIM_MESSAGES.format] });
  }
  // Counted as a miss before the look-up; anything but "no such card" gives it back.
  const failKey = `claim-miss:${userId}`;
  const counted = await countMiss(db, failKey, FAILED_CLAIMS);
  if (counted.refused) throw tooManyAttempts(counted.retryAfterSeconds);
  try {
    await requireTapOfSecureCard(db, userId, serial, freshTap);
  } catch (refused) {
    await refundHit(db, failKey, counted);
    throw refused;
  }
  // A Team Pack card waits for the member it was printed for: anyone else finds it reserved.
  const reservedForOther = sql`EXISTS (SELECT 1 FROM ${teamClaims} WHERE ${teamClaims.serialId} = ${serials.id} AND ${teamClaims.claimedAt} IS NULL AND ${teamClaims.email} <> (SELECT lower(${users.email}) FROM ${users} WHERE ${users.id} = ${userId}))`;
  const claimed = await db.transaction(async (tx) => {
    // The card's row is locked first, so the reservation below is read after any shipment that was giving
    // this card to a team member at the same moment has committed (its own statement, a fresh snapshot).
    const [locked] = await tx
      .select({ id: serials.id })
      .from(serials)
      .where(eq(serials.serial, serial))
      .for('update');
    if (!locked) return undefined;
    // A member who claims their card by its serial uses up the link mailed to them.
    return changeHands(tx, {
      serialId: locked.id,
      from: 'nobody',
      to: userId,
      lost: 'refuse',
      also: not(reservedForOther),
    });
  });
  const [row] = claimed ? [] : await db.select().from(serials).where(eq(serials.serial, serial));
  if (!claimed && !row) {
    throw new AppError('not_found', CLAIM_MESSAGES.notFound, { serial: [CLAIM_MESSAGES.notFound] });
  }
  await refundHit(db, failKey, counted);
  if (row?.status === 'blocked')
    throw new AppError('conflict', CLAIM_MESSAGES.blocked, { serial: [CLAIM_MESSAGES.blocked] });
  if (row?.lostAt && row.claimedBy !== userId) {
    const lost = CARD_LIFE_MESSAGES.lostNoClaim;
    throw new AppError('conflict', lost, { serial: [lost] });
  }
  if (row && row.claimedBy === null) {
    const reserved = TEAM_CLAIM_MESSAGES.reserved;
    throw new AppError('conflict', reserved, { serial: [reserved] });
  }
  if (row && row.claimedBy !== userId)
    throw new AppError('conflict', CLAIM_MESSAGES.taken, { serial: [CLAIM_MESSAGES.taken] });
  const mine = await listClaimedCards(db, userId, publicUrl);
  const card = mine.find((item) => item.serial_number === serial);
  if (!card) throw new AppError('conflict', CLAIM_MESSAGES.taken);
  return card;
}
