// A Team Pack's cards after printing: the firm records each member card's serial when the order ships, each
// member is mailed a link, and claims their own card onto their own profile with it.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CARD_LIFE_MESSAGES } from '../../../common/messages/card-life.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { TEAM_CLAIM_MESSAGES } from '../../../common/messages/team-claims.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  cards,
  orderDesigns,
  orderLines,
  orders,
  serials,
  teamClaims,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enforceLimit, type Limit } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/index.ts';
import { teamCardMail } from '../../mail/team-claim-mail.ts';
import { ownCardView } from '../registry/ownership/card-life.ts';
import { CLAIM_MESSAGES } from '../registry/ownership/claims.ts';
import { changeHands } from '../registry/ownership/hand-over.ts';
import type { ClaimedCard } from '../registry/responses.ts';
import { compactCode, hasValidCheck, serialShape } from '../registry/serials/serial-code.ts';
import { recordAudit } from '../staff/audit.ts';
import { servedDrawing } from './picture-refs.ts';

interface TeamClaimDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** A serial the firm entered for one printed card of the order, as typed. */
export interface ShippedSerial {
  design: number;
  serial: string;
}

/** A member card as the order recorded it when it shipped: which serial went to which address. */
interface TeamCardShipped {
  design: number;
  serial: string;
  email: string;
}

/** Links a buyer may send again in an hour: each one mails an address of their choosing. */
const RESENDS_PER_HOUR: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
const fieldOf = (design: number) => `serials.${design}`;

/** The order's printed cards that are for a team member, with the product each one is. */
async function memberCardsOf(tx: Tx, orderId: number) {
  return tx
    .select({
      design: orderDesigns.id,
      email: orderDesigns.memberEmail,
      printed: orderDesigns.printed,
      cardId: orderLines.cardId,
      sku: orderLines.sku,
      cardName: orderLines.name,
    })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderDesigns.memberEmail)))
    .orderBy(orderLines.id, orderDesigns.position);
}

/**
 * Inside the transaction that marks an order shipped: every member card must come with the serial of the
 * physical card packed for it (an unclaimed, active card of the product ordered, given to no other member),
 * and each member's claim link is mailed with the change. Every problem is named against its card at once.
 * Serials sent with any other change are refused: they would be recorded nowhere.
 */
export async function recordTeamCards(
  tx: Tx,
  deps: Pick<TeamClaimDeps, 'mailer' | 'publicUrl'>,
  order: { id: number; shipping: boolean; buyer: UserRow },
  entered: ShippedSerial[],
): Promise<TeamCardShipped[]> {
  if (!order.shipping) {
    if (entered.length === 0) return [];
    const message = TEAM_CLAIM_MESSAGES.serialsOnlyWhenShipping;
    throw new AppError('bad_request', message, { serials: [message] });
  }
  const members = await memberCardsOf(tx, order.id);
  const problems: Record<string, string[]> = {};
  const problem = (design: number, message: string) => {
    problems[fieldOf(design)] = [message];
  };

  for (const [index, item] of entered.entries()) {
    if (!members.some((member) => member.design === item.design))
      problem(item.design, TEAM_CLAIM_MESSAGES.notMemberCard);
    else if (entered.findIndex((other) => other.design === item.design) !== index)
      problem(item.design, TEAM_CLAIM_MESSAGES.designTwice);
  }
  const chosen = new Map<number, string>();
  const seen = new Set<string>();
  for (const member of members) {
    const typed = entered.find((item) => item.design === member.design)?.serial ?? '';
    const serial = serialShape(compactCode(typed));
    if (problems[fieldOf(member.design)]) continue;
    if (typed.trim() === '') problem(member.design, TEAM_CLAIM_MESSAGES.serialsNeeded);
    else if (!serial || !hasValidCheck(serial)) problem(member.design, TEAM_CLAIM_MESSAGES.serialFormat);
    else if (seen.has(serial)) problem(member.design, TEAM_CLAIM_MESSAGES.serialTwice);
    else {
      seen.add(serial);
      chosen.set(member.design, serial);
    }
  }

  // The serials are locked first; who they were given to is read after, in its own statement, so a
  // shipment that gave one away while this one waited for the lock is seen (PostgreSQL's read committed).
  const found = seen.size
    ? await tx
        .select({ serial: serials, sku: cards.sku })
        .from(serials)
        .innerJoin(cards, eq(cards.id, serials.cardId))
        .where(inArray(serials.serial, [...seen]))
        // One order of locking for every shipment, so two sharing serials wait rather than deadlock.
        .orderBy(serials.id)
        .for('update', { of: serials })
    : [];
  const given = found.length
    ? new Set(
        (
          await tx
            .select({ serialId: teamClaims.serialId })
            .from(teamClaims)
            .where(
              inArray(
                teamClaims.serialId,
                found.map((row) => row.serial.id),
              ),
            )
        ).map((row) => row.serialId),
      )
    : new Set<number>();
  for (const member of members) {
    const serial = chosen.get(member.design);
    if (!serial) continue;
    const row = found.find((item) => item.serial.serial === serial);
    // The product ordered: its catalogue card while it exists, else the SKU the order line kept.
    const otherProduct =
      row && (member.cardId !== null ? row.serial.cardId !== member.cardId : row.sku !== member.sku);
    if (!row) problem(member.design, CLAIM_MESSAGES.notFound);
    else if (otherProduct) problem(member.design, TEAM_CLAIM_MESSAGES.serialWrongProduct);
    else if (given.has(row.serial.id)) problem(member.design, TEAM_CLAIM_MESSAGES.serialGiven);
    else if (row.serial.status !== 'active' || row.serial.claimedBy !== null || row.serial.lostAt !== null)
      problem(member.design, TEAM_CLAIM_MESSAGES.serialUnavailable);
  }
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new AppError('bad_request', first, problems);

  const shipped: TeamCardShipped[] = [];
  for (const member of members) {
    const serial = chosen.get(member.design);
    const row = found.find((item) => item.serial.serial === serial);
    if (!serial || !row || !member.email) continue;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(teamClaims).values({
      orderDesignId: member.design,
      serialId: row.serial.id,
      email: member.email,
      tokenHash: sha256(token),
    });
    await mailMember(tx, deps, order.buyer, member.email, token, {
      cardName: member.cardName,
      serial,
      printedName: member.printed.name ?? null,
    });
    shipped.push({ design: member.design, serial, email: member.email });
  }
  return shipped;
}

/** Queues the member's mail with their link (in the caller's transaction). */
async function mailMember(
  tx: Tx,
  deps: Pick<TeamClaimDeps, 'mailer' | 'publicUrl'>,
  buyer: UserRow,
  to: string,
  token: string,
  card: { cardName: string; serial: string; printedName: string | null },
) {
  const mail = teamCardMail(
    to,
    {
      buyerName: `${buyer.firstName} ${buyer.lastName}`,
      buyerEmail: buyer.email,
      cardName: card.cardName,
      display: formatSerial(card.serial),
      printedName: card.printedName,
    },
    `${deps.publicUrl}/team-card/${token}`,
  );
  await deps.mailer.sendLater(mail, tx);
}

/**
 * The buyer sends a member card's link again, to the same address or a corrected one: a new link replaces
 * the old (which stops working), the card is now for that address, and the change is audited. Only while the
 * card is shipped and unclaimed; another order's card, or a design of no order of theirs, is not found.
 */
export async function resendTeamCard(
  deps: TeamClaimDeps,
  buyer: UserRow,
  orderId: number,
  designId: number,
  email: string,
): Promise<void> {
  await enforceLimit(deps.db, `team-card-resend:${buyer.id}`, RESENDS_PER_HOUR);
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        lineId: orderDesigns.orderLineId,
        printed: orderDesigns.printed,
        cardName: orderLines.name,
        claim: teamClaims,
        serial: serials.serial,
      })
      .from(orderDesigns)
      .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(teamClaims, eq(teamClaims.orderDesignId, orderDesigns.id))
      .leftJoin(serials, eq(serials.id, teamClaims.serialId))
      .where(and(eq(orderDesigns.id, designId), eq(orders.id, orderId), eq(orders.userId, buyer.id)))
      .for('update', { of: orderDesigns });
    if (!found) throw new AppError('not_found', ORDER_MESSAGES.notFound);
    const { claim, serial } = found;
    if (!claim || !serial || claim.claimedAt !== null)
      throw new AppError('conflict', TEAM_CLAIM_MESSAGES.notOpen);
    const [twice] = await tx
      .select({ id: orderDesigns.id })
      .from(orderDesigns)
      .where(
        and(
          eq(orderDesigns.orderLineId, found.lineId),
          eq(orderDesigns.memberEmail, email),
          sql`${orderDesigns.id} <> ${designId}`,
        ),
      );
    if (twice) {
      throw new AppError('bad_request', PERSONALISATION_MESSAGES.memberTwice, {
        email: [PERSONALISATION_MESSAGES.memberTwice],
      });
    }
    const token = randomBytes(32).toString('base64url');
    // Only while still open: a member claiming at this moment holds the claim's row, and wins.
    const replaced = await tx
      .update(teamClaims)
      .set({ email, tokenHash: sha256(token), createdAt: sql`now()` })
      .where(and(eq(teamClaims.id, claim.id), isNull(teamClaims.claimedAt)))
      .returning({ id: teamClaims.id });
    if (replaced.length === 0) throw new AppError('conflict', TEAM_CLAIM_MESSAGES.notOpen);
    await tx.update(orderDesigns).set({ memberEmail: email }).where(eq(orderDesigns.id, designId));
    await recordAudit(
      tx,
      { id: buyer.id, email: buyer.email },
      {
        action: 'order.team_card.sent_again',
        targetType: 'order',
        targetId: orderId,
        before: { design: designId, email: claim.email },
        after: { design: designId, email },
      },
    );
    await mailMember(tx, deps, buyer, email, token, {
      cardName: found.cardName,
      serial,
      printedName: found.printed.name ?? null,
    });
  });
}

/** A member's card as its link's page shows it: what it is, who ordered it, and whether it is claimed. */
interface TeamCardOffer {
  cardName: string;
  display: string;
  buyerName: string;
  email: string;
  printedName: string | null;
  /** The front as printed, served under the link itself. */
  front: string;
  claimed: boolean;
  /** Who holds the card now (for "it is yours"). */
  ownerId: number | null;
  /** Whether the address it was printed for has an account: signed out, the page leads to Login or Register. */
  hasAccount: boolean;
}

async function claimByToken(db: Db | Tx, token: string) {
  if (!wellFormed(token)) return undefined;
  const [found] = await db
    .select({
      claim: teamClaims,
      serial: serials.serial,
      owner: serials.claimedBy,
      cardName: cards.name,
      printed: orderDesigns.printed,
      frontSvg: orderDesigns.frontSvg,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(teamClaims)
    .innerJoin(serials, eq(serials.id, teamClaims.serialId))
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .innerJoin(orderDesigns, eq(orderDesigns.id, teamClaims.orderDesignId))
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(teamClaims.tokenHash, sha256(token)));
  return found;
}

/** The card behind a member's link; an unknown link is none. A claimed one says who holds the card now. */
export async function teamCardOffer(db: Db, token: string): Promise<TeamCardOffer | undefined> {
  const found = await claimByToken(db, token);
  if (!found) return undefined;
  const claimed = found.claim.claimedAt !== null;
  // Whether the member has an account, to send them to the right tab: only while the card waits for them.
  const [account] = claimed
    ? []
    : await db.select({ id: users.id }).from(users).where(eq(users.email, found.claim.email)).limit(1);
  return {
    cardName: found.cardName,
    display: formatSerial(found.serial),
    buyerName: `${found.firstName} ${found.lastName}`.trim(),
    email: found.claim.email,
    printedName: found.printed.name ?? null,
    front: `/api/team-cards/${token}/front.svg`,
    claimed,
    ownerId: found.owner,
    hasAccount: account !== undefined,
  };
}

/** The front of the member's card as it was printed, for the link's page. */
export async function teamCardFront(db: Db, token: string): Promise<string> {
  const found = await claimByToken(db, token);
  if (!found) throw new AppError('not_found', TEAM_CLAIM_MESSAGES.invalid);
  return servedDrawing(db, found.frontSvg);
}

/**
 * The member claims their card: only the account whose address the card was printed for may, and only while
 * the card is still unclaimed (or already theirs, from a tap). In one transaction the card becomes theirs, the
 * link is used up and the audit log records it. Claiming again with the same account answers the card.
 */
export async function acceptTeamCard(
  deps: TeamClaimDeps,
  user: UserRow,
  token: string,
): Promise<ClaimedCard> {
  if (!wellFormed(token)) throw new AppError('not_found', TEAM_CLAIM_MESSAGES.invalid);
  const serial = await deps.db.transaction(async (tx) => {
    // Locks in the order a claim by serial takes them, the card's row before its link's, or the two deadlock.
    // A link's card never changes, so the card can be found before either lock; locked, it is read as it is now.
    const tokenHash = sha256(token);
    const [card] = await tx
      .select({ serial: serials.serial, owner: serials.claimedBy })
      .from(serials)
      .where(
        inArray(
          serials.id,
          tx.select({ id: teamClaims.serialId }).from(teamClaims).where(eq(teamClaims.tokenHash, tokenHash)),
        ),
      )
      .for('update');
    const [locked] = await tx
      .select()
      .from(teamClaims)
      .where(eq(teamClaims.tokenHash, tokenHash))
      .for('update');
    if (!locked || !card) throw new AppError('not_found', TEAM_CLAIM_MESSAGES.invalid);
    const claim = { claim: locked, ...card };
    if (claim.claim.email !== user.email.toLowerCase())
      throw new AppError('forbidden', TEAM_CLAIM_MESSAGES.wrongAccount);
    // A used link answers only while the card is still its member's: released or passed on, it is spent.
    if (claim.claim.claimedAt !== null) {
      if (claim.claim.claimedBy === user.id && claim.owner === user.id) return claim.serial;
      throw new AppError('not_found', TEAM_CLAIM_MESSAGES.invalid);
    }
    // The link is used up with the claim.
    const moved = await changeHands(tx, {
      serialId: claim.claim.serialId,
      from: 'nobody-or-taker',
      to: user.id,
      lost: 'refuse',
    });
    if (!moved) {
      const [now] = await tx.select().from(serials).where(eq(serials.id, claim.claim.serialId));
      const message =
        now?.status === 'blocked'
          ? CLAIM_MESSAGES.blocked
          : now?.lostAt
            ? CARD_LIFE_MESSAGES.lostNoClaim
            : TEAM_CLAIM_MESSAGES.taken;
      throw new AppError('conflict', message);
    }
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: 'card.team_claim',
        targetType: 'serial',
        targetId: moved.serial,
        after: { owner_id: user.id, owner_email: user.email, order_design: claim.claim.orderDesignId },
      },
    );
    return moved.serial;
  });
  return ownCardView(deps.db, user.id, serial, deps.publicUrl);
}
