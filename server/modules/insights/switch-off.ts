import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardEventDays, cardEvents } from '../../db/schema/index.ts';

/**
 * Deletes everything recorded about an owner's card: its single events and its daily totals. Called in the
 * transaction that turns insights off, so the figures and the switch change together.
 */
export async function forgetInsights(tx: Db, ownerId: number): Promise<void> {
  await tx.delete(cardEvents).where(eq(cardEvents.ownerId, ownerId));
  await tx.delete(cardEventDays).where(eq(cardEventDays.ownerId, ownerId));
}
