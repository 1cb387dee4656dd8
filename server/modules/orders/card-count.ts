import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cards, orderDesigns, orderLines } from '../../db/schema/index.ts';

/**
 * The printed cards of each order: a line's quantity times the cards in one unit (a Team Pack of 5 is 5).
 * A personalised line's unit is its designs, kept when it was ordered; a plain line's is the card's pack
 * size (order lines keep no pack size of their own), 1 once the card is gone.
 */
export async function cardCounts(db: Db | Tx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const designs = sql`(SELECT count(*) FROM ${orderDesigns} WHERE ${orderDesigns.orderLineId} = ${orderLines.id})`;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      cards: sql<number>`sum(${orderLines.quantity} * coalesce(nullif(${designs}, 0), ${cards.packSize}, 1))::int`,
    })
    .from(orderLines)
    .leftJoin(cards, eq(cards.id, orderLines.cardId))
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.cards)]));
}
