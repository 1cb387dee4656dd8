import { eq, sql } from 'drizzle-orm';
import { MAX_VERIFICATIONS, pastVerificationLimit } from '../../../../common/limits.ts';
import { TOO_MANY_ATTEMPTS } from '../../../../common/messages/rate-limit.ts';
import { ENTER_CODE, VERIFICATION_STATUS } from '../../../../common/messages/verification.ts';
import type { Db } from '../../../db/client.ts';
import { cards, serials } from '../../../db/schema/index.ts';
import { countMiss, refundHit } from '../../../http/rate-limit.ts';
import type { RefusedVerification, VerificationResult } from '../responses.ts';
import { compactCode, hasValidCheck, serialShape } from '../serials/serial-code.ts';
import { FAILED_LOOKUPS, missKey } from './lookups.ts';
import { countVerification } from './verification-count.ts';

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
