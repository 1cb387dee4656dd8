import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { MAX_VERIFICATIONS, pastVerificationLimit } from '../../../common/limits.ts';
import { CARD_LIFE_MESSAGES } from '../../../common/messages/card-life.ts';
import { TOO_MANY_ATTEMPTS } from '../../../common/messages/rate-limit.ts';
import { TEAM_CLAIM_MESSAGES } from '../../../common/messages/team-claims.ts';
import { ENTER_CODE, VERIFICATION_STATUS } from '../../../common/messages/verification.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import type { Db } from '../../db/client.ts';
import { cards, cardTransfers, serials, teamClaims, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { countMiss, type Limit, refundHit, tooManyAttempts } from '../../http/rate-limit.ts';
import { usableAccount } from '../accounts/status.ts';
import type { ClaimedCard, RefusedVerification, VerificationResult } from './responses.ts';
import { compactCode, hasValidCheck, serialShape } from './serial-code.ts';
import type { TapChip } from './sun/tap-verification.ts';
import { countVerification } from './verification-count.ts';

/** Failed look-ups a client may make in an hour before every look-up is refused (guessing serials). */
const FAILED_LOOKUPS: Limit = { max: 5, windowMs: 60 * 60 * 1000 };

/**
 * What a check found. A found serial is genuine (its first check), repeated (within the maximum) or past
 * the limit; a refused check (no code, or too many failed look-ups from this client) also carries a detail.
 */
export type Verification =
  | {
      kind: 'genuine' | 'repeated' | 'limit_reached' | 'blocked' | 'known_sku' | 'unknown';
      result: VerificationResult;
    }
  | { kind: 'no_code' | 'too_many_lookups'; result: RefusedVerification };

export type VerificationKind = Verification['kind'];

const missKey = (client: string) => `verify-miss:${client}`;

/**
 * Attempts as the answer reports them: the spec shows them as x/5 with a maximum of 5, so a count past
 * the limit is reported as the limit ("5/5" with the limit's status, never "6/5"). The true count stays in
 * the database for the firm (the admin console's history and its "suspicious" list).
 */
const shown = (count: number, max: number) => Math.min(count, max);

function unknownAnswer(attempts: number | null): Verification & { kind: 'unknown' } {
  return {
    kind: 'unknown',
    result: {
      valid: false,
      status: VERIFICATION_STATUS.notFound,
      serial_number: null,
      sku: null,
      attempts: attempts === null ? null : shown(attempts, FAILED_LOOKUPS.max),
      attempts_left: attempts === null ? null : Math.max(0, FAILED_LOOKUPS.max - attempts),
      first_verified_at: null,
      reported_lost: false,
      counted: false,
    },
  };
}

function limitedAnswer(attempts: number): Verification {
  return {
    kind: 'too_many_lookups',
    result: {
      detail: TOO_MANY_ATTEMPTS,
      valid: false,
      status: TOO_MANY_ATTEMPTS,
      serial_number: null,
      sku: null,
      attempts: shown(attempts, FAILED_LOOKUPS.max),
      attempts_left: 0,
      first_verified_at: null,
      reported_lost: false,
      counted: false,
    },
  };
}

async function skuMatch(db: Db, compact: string): Promise<string | undefined> {
  const [card] = await db
    .select({ sku: cards.sku })
    .from(cards)
    .where(sql`replace(upper(${cards.sku}), '-', '') = ${compact}`)
    .limit(1);
  return card?.sku;
}

/** A serial as a check reads it: the card's SKU, its count so far and when it was first verified. */
interface FoundSerial {
  id: number;
  serial: string;
  status: string;
  sku: string;
  count: number;
  first: Date | null;
  lost: boolean;
  /** A secure chip card: its chip proves it, and a printed-serial check never counts. */
  secure: boolean;
}

async function findSerial(db: Db, serial: string): Promise<FoundSerial | undefined> {
  const [row] = await db
    .select({
      id: serials.id,
      serial: serials.serial,
      status: serials.status,
      sku: cards.sku,
      count: serials.verificationCount,
      first: serials.firstVerifiedAt,
      lost: sql<boolean>`${serials.lostAt} is not null`,
      secure: sql<boolean>`${serials.sunKeyVersion} is not null`,
    })
    .from(serials)
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .where(eq(serials.serial, serial));
  return row;
}

/**
 * Counts a check of an active serial when it may (at most once per network per serial, see
 * verification-count.ts) and answers the serial as it stands after it. Read before counting, the row is
 * current when this check counted and the serial had been verified before (the usual case: two round
 * trips); otherwise it is read again — a repeat's count may have been raised by a concurrent first check of
 * the same client, which has committed by the time `countVerification` answers (the day's row waits for it).
 */
async function checkSerial(
  db: Db,
  found: FoundSerial,
  network: string,
  mayCount: boolean,
): Promise<{ serial: FoundSerial; counted: boolean }> {
  const count = mayCount ? await countVerification(db, found.id, network, 'printed') : undefined;
  if (count !== undefined && found.first) return { serial: { ...found, count }, counted: true };
  if (!mayCount) return { serial: found, counted: false };
  const now = (await findSerial(db, found.serial)) ?? found;
  return { serial: { ...now, count: count ?? now.count }, counted: count !== undefined };
}

function serialAnswer(serial: FoundSerial, counted: boolean): Verification {
  const n = serial.count;
  const blocked = serial.status === 'blocked';
  const kind = blocked
    ? 'blocked'
    : n <= 1
      ? 'genuine'
      : pastVerificationLimit(n)
        ? 'limit_reached'
        : 'repeated';
  const status = {
    blocked: VERIFICATION_STATUS.blocked,
    genuine: VERIFICATION_STATUS.genuine,
    repeated: VERIFICATION_STATUS.repeated(n),
    limit_reached: VERIFICATION_STATUS.limit,
  }[kind];
  return {
    kind,
    result: {
      valid: kind === 'genuine' || kind === 'repeated',
      status,
      serial_number: serial.serial,
      sku: serial.sku,
      attempts: shown(n, MAX_VERIFICATIONS),
      attempts_left: Math.max(0, MAX_VERIFICATIONS - n),
      first_verified_at: serial.first ? new Date(serial.first).toISOString() : null,
      reported_lost: serial.lost,
      counted,
    },
  };
}

/** A genuine or blocked serial, or a known SKU; undefined when the code matches nothing. */
async function findCode(
  db: Db,
  compact: string,
  serial: string | undefined,
  network: string,
  mayCount: boolean,
): Promise<Verification | undefined> {
  const found = serial ? await findSerial(db, serial) : undefined;
  if (found?.status === 'active') {
    // Anyone who saw a secure card can type its serial: its count is of verified taps of its chip only.
    const checked = await checkSerial(db, found, network, mayCount && !found.secure);
    return serialAnswer(checked.serial, checked.counted);
  }
  if (found?.status === 'blocked') return serialAnswer(found, false);

  const sku = await skuMatch(db, compact);
  if (sku) {
    return {
      kind: 'known_sku',
      result: {
        valid: true,
        status: VERIFICATION_STATUS.sku,
        serial_number: null,
        sku,
        attempts: null,
        attempts_left: null,
        first_verified_at: null,
        reported_lost: false,
        counted: false,
      },
    };
  }
  return undefined;
}

/** Who asks: keyed hashes of the client's address (its failed look-ups) and of its network (its count). */
interface Asker {
  client: string;
  network: string;
}

/**
 * Verifies a serial number or SKU (spec: Verify; decisions: Verification, 009 and its issue-18 amendment,
 * 040). A plain serial's check counts toward its x/5 once per network, ever, and only when `mayCount` (the
 * request came from no other site, and did not ask not to count); a secure card's printed serial never
 * counts. The failed-look-up limit is the client's, and the database shares it across processes.
 */
export async function verifyCode(
  db: Db,
  code: string,
  { client, network }: Asker,
  mayCount = true,
): Promise<Verification> {
  const compact = compactCode(code);
  if (compact === '') {
    return {
      kind: 'no_code',
      result: { ...unknownAnswer(null).result, status: ENTER_CODE, detail: ENTER_CODE },
    };
  }
  const serial = serialShape(compact);
  // A mistyped serial is no look-up: answered without a query, and not counted against the client.
  if (serial && !hasValidCheck(serial)) return unknownAnswer(null);
  if (compact.length > 64) return unknownAnswer(null);

  // Counted as a miss before the look-up; a find gives it back.
  const counted = await countMiss(db, missKey(client), FAILED_LOOKUPS);
  if (counted.refused) return limitedAnswer(counted.count);
  const answer = await findCode(db, compact, serial, network, mayCount);
  if (!answer) return unknownAnswer(counted.count);
  await refundHit(db, missKey(client), counted);
  return answer;
}

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
    await tx.select({ id: serials.id }).from(serials).where(eq(serials.serial, serial)).for('update');
    const [row] = await tx
      .update(serials)
      .set({ claimedBy: userId, claimedAt: sql`now()` })
      .where(
        and(
          eq(serials.serial, serial),
          eq(serials.status, 'active'),
          isNull(serials.claimedBy),
          isNull(serials.lostAt),
          not(reservedForOther),
        ),
      )
      .returning({ id: serials.id });
    // The member claimed their card by tapping it: the link mailed to them is used up.
    if (row) {
      await tx
        .update(teamClaims)
        .set({ claimedBy: userId, claimedAt: sql`now()` })
        .where(and(eq(teamClaims.serialId, row.id), isNull(teamClaims.claimedAt)));
    }
    return row;
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
