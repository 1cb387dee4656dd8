import { eq, sql } from 'drizzle-orm';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { cards, serials, teamClaims, users } from '../../../db/schema/index.ts';
import { countMiss, refundHit } from '../../../http/rate-limit.ts';
import { usableAccount } from '../../accounts/status.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';
import type { TapChip } from '../sun/tap-verification.ts';
import { FAILED_LOOKUPS, missKey } from './lookups.ts';

/**
 * Where a tap on a card leads: the owner's public profile, an invitation to claim it, a "reported lost"
 * page, or nowhere. A private profile's card is `private`: only its owner may be sent on. `chip` is the
 * serial's secure-chip state (for the tap's verification), for any serial the registry knows.
 */
export type TapTarget =
  | { kind: 'profile'; username: string; serial: string }
  | { kind: 'private'; username: string; ownerId: number; serial: string }
  | {
      kind: 'unclaimed';
      serial: string;
      display: string;
      cardName: string;
      /** A Team Pack card waiting for the member it was printed for (only their address may claim it). */
      reserved: boolean;
    }
  | { kind: 'lost' }
  | { kind: 'blocked' }
  /** The client is past its failed look-ups for the hour (the same limit as /verify): nothing was looked up. */
  | { kind: 'limited' }
  | { kind: 'unknown' };

interface TappedSerial {
  target: TapTarget;
  chip: (TapChip & { ownerId: number | null }) | undefined;
}

/**
 * `tapTarget` for a client, throttled like /verify: a serial-shaped code is counted as a failed look-up
 * before it is looked up and a find gives it back, so `/c/{serial}` is no unthrottled way to find serials.
 * A mistyped one (wrong check character) is answered without a query and not counted, as on /verify.
 */
export async function throttledTapTarget(db: Db, code: string, client: string): Promise<TappedSerial> {
  const serial = serialShape(compactCode(code));
  if (!serial || !hasValidCheck(serial)) return { target: { kind: 'unknown' }, chip: undefined };
  const counted = await countMiss(db, missKey(client), FAILED_LOOKUPS);
  if (counted.refused) return { target: { kind: 'limited' }, chip: undefined };
  const found = await tapTarget(db, serial);
  if (found.target.kind !== 'unknown') await refundHit(db, missKey(client), counted);
  return found;
}

async function tapTarget(db: Db, code: string): Promise<TappedSerial> {
  const serial = serialShape(compactCode(code));
  if (!serial || !hasValidCheck(serial)) return { target: { kind: 'unknown' }, chip: undefined };
  const [row] = await db
    .select({
      serial: serials,
      cardName: cards.name,
      owner: users.username,
      ownerPrivate: users.profilePrivate,
      ownerUsable: sql<boolean>`${usableAccount()}`,
      reserved: sql<boolean>`EXISTS (SELECT 1 FROM ${teamClaims} WHERE ${teamClaims.serialId} = ${serials.id} AND ${teamClaims.claimedAt} IS NULL)`,
    })
    .from(serials)
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .leftJoin(users, eq(users.id, serials.claimedBy))
    .where(eq(serials.serial, serial));
  if (!row) return { target: { kind: 'unknown' }, chip: undefined };
  const { id, chipUid, sunKeyVersion, sunNextKeyVersion, claimedBy } = row.serial;
  const chip = { id, serial, chipUid, sunKeyVersion, sunNextKeyVersion, ownerId: claimedBy };
  return { target: targetOf(row, serial), chip };
}

function targetOf(
  row: {
    serial: typeof serials.$inferSelect;
    cardName: string;
    owner: string | null;
    ownerPrivate: boolean | null;
    ownerUsable: boolean;
    reserved: boolean;
  },
  serial: string,
): TapTarget {
  if (row.serial.status === 'blocked') return { kind: 'blocked' };
  // A card whose owner's account is disabled leads nowhere, as if it did not exist (nor can it be claimed).
  if (row.owner && !row.ownerUsable) return { kind: 'unknown' };
  // Before anything about the owner: a finder learns only that the card is lost, never whose it is.
  if (row.serial.lostAt) return { kind: 'lost' };
  if (row.owner && row.serial.claimedBy !== null) {
    return row.ownerPrivate
      ? { kind: 'private', username: row.owner, ownerId: row.serial.claimedBy, serial }
      : { kind: 'profile', username: row.owner, serial };
  }
  return {
    kind: 'unclaimed',
    serial,
    display: formatSerial(serial),
    cardName: row.cardName,
    reserved: row.reserved,
  };
}
