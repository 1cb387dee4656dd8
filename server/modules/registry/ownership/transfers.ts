import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { CARD_LIFE_MESSAGES } from '../../../../common/messages/card-life.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { cards, cardTransfers, serials, type UserRow, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { enforceLimit, type Limit } from '../../../http/rate-limit.ts';
import { cardOfferMail, cardTransferredMail } from '../../../mail/card-transfer-mail.ts';
import type { Mailer } from '../../../mail/index.ts';
import { usableAccount } from '../../accounts/status.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { ClaimedCard } from '../responses.ts';
import { ownCardView, ownSerial } from './card-life.ts';
import { changeHands } from './hand-over.ts';

interface TransferDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** How long the recipient has to accept: long enough to read the mail after a weekend away. */
const OFFER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Offers a user may send in an hour: each one mails an address of their choosing. */
const OFFERS_PER_HOUR: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Offers one of the owner's cards to `toEmail` (already trimmed and lower-cased): a new offer replaces the
 * card's earlier one, and its link is mailed to the recipient. Nothing else changes until they accept.
 */
export async function offerTransfer(
  deps: TransferDeps,
  owner: UserRow,
  code: string,
  toEmail: string,
): Promise<ClaimedCard> {
  await enforceLimit(deps.db, `card-offer:${owner.id}`, OFFERS_PER_HOUR);
  if (toEmail === owner.email.toLowerCase()) {
    throw new AppError('bad_request', CARD_LIFE_MESSAGES.transferToSelf, {
      email: [CARD_LIFE_MESSAGES.transferToSelf],
    });
  }
  const row = await ownSerial(deps.db, owner.id, code);
  if (row.status === 'blocked') throw new AppError('conflict', CARD_LIFE_MESSAGES.transferBlocked);
  const [card] = await deps.db.select({ name: cards.name }).from(cards).where(eq(cards.id, row.cardId));
  const token = randomBytes(32).toString('base64url');
  const offer = {
    fromUserId: owner.id,
    toEmail,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + OFFER_LIFETIME_MS),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(cardTransfers)
      .values({ serialId: row.id, ...offer })
      .onConflictDoUpdate({ target: cardTransfers.serialId, set: { ...offer, createdAt: sql`now()` } });
    const mail = cardOfferMail(
      toEmail,
      {
        fromName: `${owner.firstName} ${owner.lastName}`,
        fromEmail: owner.email,
        cardName: card?.name ?? 'intro card',
        display: formatSerial(row.serial),
      },
      `${deps.publicUrl}/transfer/${token}`,
    );
    await deps.mailer.sendLater(mail, tx);
  });
  return ownCardView(deps.db, owner.id, row.serial, deps.publicUrl);
}

/** The owner takes a pending offer back: its link stops working. */
export async function cancelTransfer(db: Db, ownerId: number, code: string): Promise<void> {
  const row = await ownSerial(db, ownerId, code);
  await db
    .delete(cardTransfers)
    .where(and(eq(cardTransfers.serialId, row.id), eq(cardTransfers.fromUserId, ownerId)));
}

/** An offer as its link's page shows it: what is offered, by whom, to which address. */
interface TransferOffer {
  cardName: string;
  display: string;
  fromName: string;
  toEmail: string;
  expiresAt: string;
}

/** The live offer behind a link: unknown, used, expired and stale offers (the card changed hands) are none. */
export async function transferOffer(db: Db, token: string): Promise<TransferOffer | undefined> {
  if (!wellFormed(token)) return undefined;
  const [found] = await db
    .select({
      cardName: cards.name,
      serial: serials.serial,
      firstName: users.firstName,
      lastName: users.lastName,
      toEmail: cardTransfers.toEmail,
      expiresAt: cardTransfers.expiresAt,
    })
    .from(cardTransfers)
    .innerJoin(
      serials,
      and(eq(serials.id, cardTransfers.serialId), eq(serials.claimedBy, cardTransfers.fromUserId)),
    )
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .innerJoin(users, and(eq(users.id, cardTransfers.fromUserId), usableAccount()))
    .where(and(eq(cardTransfers.tokenHash, sha256(token)), gt(cardTransfers.expiresAt, new Date())));
  if (!found) return undefined;
  return {
    cardName: found.cardName,
    display: formatSerial(found.serial),
    fromName: `${found.firstName} ${found.lastName}`.trim(),
    toEmail: found.toEmail,
    expiresAt: found.expiresAt.toISOString(),
  };
}

/**
 * The recipient accepts: in one transaction the card becomes theirs (unlocked if it was reported lost), the
 * offer is used up, the audit log records the hand-over and the previous owner's notice is queued. Only the
 * account whose address the offer was sent to may accept; anyone else changes nothing.
 */
export async function acceptTransfer(deps: TransferDeps, user: UserRow, token: string): Promise<ClaimedCard> {
  if (!wellFormed(token)) throw new AppError('not_found', CARD_LIFE_MESSAGES.transferInvalid);
  const serial = await deps.db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(cardTransfers)
      .where(and(eq(cardTransfers.tokenHash, sha256(token)), gt(cardTransfers.expiresAt, new Date())))
      .for('update');
    if (!offer) throw new AppError('not_found', CARD_LIFE_MESSAGES.transferInvalid);
    if (offer.toEmail !== user.email.toLowerCase())
      throw new AppError('forbidden', CARD_LIFE_MESSAGES.transferWrongAccount);
    // A giver the firm disabled since the offer holds nothing to give: their cards lead nowhere.
    const [giver] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, offer.fromUserId), usableAccount()));
    if (!giver) throw new AppError('not_found', CARD_LIFE_MESSAGES.transferInvalid);
    // The offer ends with the move.
    const moved = await changeHands(tx, {
      serialId: offer.serialId,
      from: offer.fromUserId,
      to: user.id,
      lost: 'clear',
    });
    // The giver released the card, or the firm blocked it, since the offer: there is nothing to give.
    if (!moved) throw new AppError('not_found', CARD_LIFE_MESSAGES.transferInvalid);
    const [card] = await tx.select({ name: cards.name }).from(cards).where(eq(cards.id, moved.cardId));
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: 'card.transfer',
        targetType: 'serial',
        targetId: moved.serial,
        before: { owner_id: offer.fromUserId, owner_email: giver.email },
        after: { owner_id: user.id, owner_email: user.email },
      },
    );
    const notice = cardTransferredMail(
      giver.email,
      giver.firstName,
      { cardName: card?.name ?? 'intro card', display: formatSerial(moved.serial), toEmail: user.email },
      `${deps.publicUrl}/profile#cards`,
    );
    await deps.mailer.sendLater(notice, tx);
    return moved.serial;
  });
  return ownCardView(deps.db, user.id, serial, deps.publicUrl);
}
