import { and, eq, sql } from 'drizzle-orm';
import { CARD_LIFE_MESSAGES } from '../../../../common/messages/card-life.ts';
import { CARD_NOT_FOUND } from '../../../../common/messages/catalog.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { type SerialRow, serials } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { ClaimedCard } from '../responses.ts';
import { compactCode, serialShape } from '../serials/serial-code.ts';
import { listClaimedCards } from './claims.ts';
import { changeHands } from './hand-over.ts';

/**
 * One of the user's own cards by its serial as typed (dashes, case); someone else's card and an unknown
 * serial are the same "not found", so the answer never tells whether a serial exists.
 */
export async function ownSerial(db: Db | Tx, userId: number, code: string): Promise<SerialRow> {
  const serial = serialShape(compactCode(code));
  const [row] = serial
    ? await db
        .select()
        .from(serials)
        .where(and(eq(serials.serial, serial), eq(serials.claimedBy, userId)))
    : [];
  if (!row) throw new AppError('not_found', CARD_NOT_FOUND);
  return row;
}

/** The card as the owner's list shows it, after a change. */
export async function ownCardView(
  db: Db,
  userId: number,
  serial: string,
  publicUrl: string,
): Promise<ClaimedCard> {
  const card = (await listClaimedCards(db, userId, publicUrl)).find((item) => item.serial_number === serial);
  if (!card) throw new AppError('not_found', CARD_NOT_FOUND);
  return card;
}

/**
 * Locks the owner's card as lost, or unlocks it. While locked a tap shows only "reported lost" with the
 * firm's contact, and no one can claim it; locking again keeps the first report's time.
 */
export async function setCardLost(
  db: Db,
  userId: number,
  code: string,
  lost: boolean,
  publicUrl: string,
): Promise<ClaimedCard> {
  const row = await ownSerial(db, userId, code);
  await db
    .update(serials)
    .set({ lostAt: lost ? sql`coalesce(${serials.lostAt}, now())` : null })
    .where(and(eq(serials.id, row.id), eq(serials.claimedBy, userId)));
  return ownCardView(db, userId, row.serial, publicUrl);
}

/**
 * Releases one of the user's own cards, for a hand-over in person: whoever holds it can then claim it. A
 * card locked as lost is refused until its owner unlocks it: released, it would go to whoever found it.
 * A pending transfer offer of the card ends with the release.
 */
export async function releaseCard(db: Db, userId: number, code: string): Promise<void> {
  const row = await ownSerial(db, userId, code);
  if (row.lostAt) throw new AppError('conflict', CARD_LIFE_MESSAGES.releaseLost);
  await db.transaction(async (tx) => {
    const released = await changeHands(tx, { serialId: row.id, from: userId, to: null, lost: 'refuse' });
    if (!released) throw new AppError('conflict', CARD_LIFE_MESSAGES.releaseLost);
  });
}
