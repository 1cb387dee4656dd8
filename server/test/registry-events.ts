import type { TapEventKind } from '../../common/tap-proof.ts';
import type { Db } from '../db/client.ts';
import { cards, serialCheckDays, serials, serialVerifications, tapEvents } from '../db/schema/index.ts';
import { generateSerial } from '../modules/registry/serials/serial-code.ts';

const MINUTE = 60 * 1000;
export const minutes = (n: number) => n * MINUTE;
export const days = (n: number) => n * 24 * 60 * MINUTE;

/** A tap event as `/c/{serial}` records it (the client and network are already keyed hashes). */
export async function tap(
  db: Db,
  serialId: number,
  kind: TapEventKind,
  at: Date,
  options: { network?: string; client?: string; counter?: number | null } = {},
): Promise<void> {
  const decrypted = kind === 'fresh' || kind === 'replayed' || kind === 'bad_mac';
  await db.insert(tapEvents).values({
    serialId,
    kind,
    uid: decrypted ? '04AABBCCDDEE80' : null,
    counter: decrypted ? (options.counter ?? 1) : null,
    keyVersion: decrypted ? 2 : null,
    client: options.client ?? `client-${options.network ?? 'home'}`,
    network: options.network ?? 'home',
    createdAt: at,
  });
}

/** A printed-serial check that counted, as the verify route records one (its day row and its log row). */
export async function printedCheck(db: Db, serialId: number, client: string, at: Date): Promise<void> {
  await db
    .insert(serialCheckDays)
    .values({ serialId, client, day: at.toISOString().slice(0, 10) })
    .onConflictDoNothing();
  await db
    .insert(serialVerifications)
    .values({ serialId, count: 1, client, method: 'printed', verifiedAt: at });
}

/** `n` new active serials of the first card, as a batch makes them; answers their ids and codes. */
export async function newSerials(db: Db, n: number): Promise<Array<{ id: number; serial: string }>> {
  const [card] = await db.select({ id: cards.id }).from(cards).limit(1);
  if (!card) throw new Error('the seed has cards');
  return db
    .insert(serials)
    .values(Array.from({ length: n }, () => ({ serial: generateSerial(), cardId: card.id })))
    .returning({ id: serials.id, serial: serials.serial });
}
