import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { cardTransfers, serials, teamClaims } from '../../../db/schema/index.ts';

/**
 * A card changing hands, the one write behind every way it happens: a claim by serial or by a member's link
 * (from nobody), a transfer (from its owner to another), a release (from its owner to nobody).
 */
interface HandOver {
  serialId: number;
  /**
   * Who must hold the card for it to change hands, checked in the same statement: a user, `nobody`, or
   * `nobody-or-taker` (taking one's own card again changes nothing but its time).
   */
  from: number | 'nobody' | 'nobody-or-taker';
  /** Who holds it after: a user, or nobody (released, for whoever holds it to claim). */
  to: number | null;
  /**
   * A card reported lost goes to no one (whoever found it could take it) unless its owner hands it on: a
   * transfer ends the report.
   */
  lost: 'refuse' | 'clear';
  /** A further condition on the card's row (a Team Pack card's reservation). */
  also?: SQL;
}

/**
 * Moves the card if it is still as `move` says, in the caller's transaction, and ends what belonged to its
 * old holder: a pending transfer offer is withdrawn, and a member's claim link, once the card is taken, is
 * used up. A taken card must be active (a blocked one goes to no one); a released one need not be. Answers
 * the card, or nothing when it was not as said (the caller says why).
 */
export async function changeHands(
  tx: Tx,
  move: HandOver,
): Promise<{ id: number; serial: string; cardId: number } | undefined> {
  const { serialId, from, to, lost, also } = move;
  const holder =
    from === 'nobody'
      ? isNull(serials.claimedBy)
      : from === 'nobody-or-taker'
        ? or(isNull(serials.claimedBy), to === null ? undefined : eq(serials.claimedBy, to))
        : eq(serials.claimedBy, from);
  const [moved] = await tx
    .update(serials)
    .set({
      claimedBy: to,
      claimedAt: to === null ? null : sql`now()`,
      ...(lost === 'clear' ? { lostAt: null } : {}),
    })
    .where(
      and(
        eq(serials.id, serialId),
        holder,
        lost === 'refuse' ? isNull(serials.lostAt) : undefined,
        to === null ? undefined : eq(serials.status, 'active'),
        also,
      ),
    )
    .returning({ id: serials.id, serial: serials.serial, cardId: serials.cardId });
  if (!moved) return undefined;
  await tx.delete(cardTransfers).where(eq(cardTransfers.serialId, moved.id));
  if (to !== null) {
    await tx
      .update(teamClaims)
      .set({ claimedBy: to, claimedAt: sql`now()` })
      .where(and(eq(teamClaims.serialId, moved.id), isNull(teamClaims.claimedAt)));
  }
  return moved;
}
