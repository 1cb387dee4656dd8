import { and, count, desc, eq, gt, inArray, isNotNull, like, or, type SQL, sql } from 'drizzle-orm';
import { MAX_VERIFICATIONS, pastVerificationLimit } from '../../../../common/limits.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { escapeLike } from '../../../db/like.ts';
import { cards, type SerialStatus, serials, serialVerifications, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { offsetOf, type Page, pageOf } from '../../paging.ts';
import { type Actor, recordAudit } from '../../staff/audit.ts';
import { ADMIN_PAGE_SIZE } from '../../staff/list-query.ts';
import { openFlagCondition } from '../anomalies/flagged.ts';
import type { AdminSerial, AdminSerialRow } from '../responses.ts';
import { type BatchRow, generateBatch, importBatch } from './batches.ts';
import { compactCode, hasValidCheck, serialShape } from './serial-code.ts';

export const SERIAL_NOT_FOUND = 'Serial number not found.';
/** Verifications shown on a serial's page (the newest). */
const HISTORY_SHOWN = 50;

type SerialFilter = 'active' | 'blocked' | 'suspicious' | 'claimed' | 'flagged';

const serialColumns = {
  serial: serials,
  sku: cards.sku,
  cardName: cards.name,
  claimer: { id: users.id, email: users.email, username: users.username },
};

type Selected = {
  serial: typeof serials.$inferSelect;
  sku: string;
  cardName: string;
  claimer: { id: number; email: string; username: string } | null;
};

function toRow(found: Selected): AdminSerialRow {
  const s = found.serial;
  return {
    serial: s.serial,
    display: formatSerial(s.serial),
    sku: found.sku,
    card_id: s.cardId,
    card_name: found.cardName,
    status: s.status,
    block_reason: s.status === 'blocked' ? s.blockReason : null,
    verification_count: s.verificationCount,
    suspicious: pastVerificationLimit(s.verificationCount),
    last_verified_at: s.lastVerifiedAt?.toISOString() ?? null,
    claimed_by: found.claimer,
    lost_at: s.lostAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    secure_chip:
      s.sunKeyVersion === null
        ? null
        : { uid: s.chipUid, key_version: s.sunKeyVersion, rekeying_to: s.sunNextKeyVersion },
  };
}

/**
 * The serials a search means: those beginning with it (dashes and case ignored, read as Crockford reads),
 * or every serial of the card whose SKU it is. The SKU is looked up first, so the condition stays on the
 * serials table and its prefix index.
 */
async function searchCondition(db: Db, search: string): Promise<SQL> {
  const compact = compactCode(search).replace(/[IL]/g, '1').replace(/O/g, '0');
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(sql`upper(${cards.sku}) = ${search.trim().toUpperCase()}`);
  const conditions: SQL[] = [];
  if (/^[0-9A-HJKMNP-TV-Z]{1,12}$/.test(compact))
    conditions.push(like(serials.serial, `${escapeLike(compact)}%`));
  if (card) conditions.push(eq(serials.cardId, card.id));
  return or(...conditions) ?? sql`false`;
}

function filterCondition(filter: SerialFilter | undefined): SQL | undefined {
  switch (filter) {
    case 'active':
    case 'blocked':
      return eq(serials.status, filter);
    case 'suspicious':
      return gt(serials.verificationCount, MAX_VERIFICATIONS);
    case 'claimed':
      return isNotNull(serials.claimedBy);
    case 'flagged':
      return openFlagCondition;
    default:
      return undefined;
  }
}

/** Card and claimer of each serial on a page, read once for the page. */
async function withCardsAndClaimers(
  db: Db,
  found: Array<typeof serials.$inferSelect>,
): Promise<AdminSerialRow[]> {
  const cardIds = [...new Set(found.map((row) => row.cardId))];
  const userIds = [...new Set(found.flatMap((row) => (row.claimedBy === null ? [] : [row.claimedBy])))];
  const [cardRows, userRows] = await Promise.all([
    cardIds.length
      ? db
          .select({ id: cards.id, sku: cards.sku, name: cards.name })
          .from(cards)
          .where(inArray(cards.id, cardIds))
      : [],
    userIds.length
      ? db
          .select({ id: users.id, email: users.email, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
  ]);
  const cardOf = new Map(cardRows.map((card) => [card.id, card]));
  const userOf = new Map(userRows.map((user) => [user.id, user]));
  return found.map((serial) =>
    toRow({
      serial,
      sku: cardOf.get(serial.cardId)?.sku ?? '',
      cardName: cardOf.get(serial.cardId)?.name ?? '',
      claimer: serial.claimedBy === null ? null : (userOf.get(serial.claimedBy) ?? null),
    }),
  );
}

/** The registry, newest serials first; a search by serial prefix or SKU, and a filter. */
export async function listSerials(
  db: Db,
  query: { page: number; search?: string | undefined; status?: SerialFilter | undefined },
): Promise<Page<AdminSerialRow>> {
  const where = and(
    query.search ? await searchCondition(db, query.search) : undefined,
    filterCondition(query.status),
  );
  // The page is cut from the serials table alone; its cards and claimers are read afterwards.
  const rows = db
    .select()
    .from(serials)
    .where(where)
    .orderBy(desc(serials.createdAt), desc(serials.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(query.page, ADMIN_PAGE_SIZE))
    .then((found) => withCardsAndClaimers(db, found));
  const total = db
    .select({ value: count() })
    .from(serials)
    .where(where)
    .then((found) => found[0]?.value ?? 0);
  return pageOf(query.page, ADMIN_PAGE_SIZE, rows, total);
}

/** A serial as typed or linked (dashes, lower case) in its stored form, or the admin's 404. */
export function serialOf(code: string): string {
  const serial = serialShape(compactCode(code));
  if (!serial || !hasValidCheck(serial)) throw new AppError('not_found', SERIAL_NOT_FOUND);
  return serial;
}

/** One serial: its card, status, count, who claimed it, and its newest verifications. */
export async function getSerial(db: Db, code: string): Promise<AdminSerial> {
  const serial = serialOf(code);
  const [found] = await db
    .select(serialColumns)
    .from(serials)
    .innerJoin(cards, eq(cards.id, serials.cardId))
    .leftJoin(users, eq(users.id, serials.claimedBy))
    .where(eq(serials.serial, serial));
  if (!found) throw new AppError('not_found', SERIAL_NOT_FOUND);
  const history = await db
    .select()
    .from(serialVerifications)
    .where(eq(serialVerifications.serialId, found.serial.id))
    .orderBy(desc(serialVerifications.verifiedAt), desc(serialVerifications.id))
    .limit(HISTORY_SHOWN);
  return {
    ...toRow(found),
    first_verified_at: found.serial.firstVerifiedAt?.toISOString() ?? null,
    claimed_at: found.serial.claimedAt?.toISOString() ?? null,
    // The stored client is a keyed hash; a short prefix is enough to tell repeat checkers apart.
    history: history.map((row) => ({
      count: row.count,
      client: row.client.slice(0, 8),
      at: row.verifiedAt.toISOString(),
    })),
  };
}

type SerialAction = 'block' | 'unblock' | 'reset';

/** Blocks or unblocks a serial, or sets its verification count back to zero (its history stays). */
export async function changeSerial(
  db: Db,
  actor: Actor,
  code: string,
  action: SerialAction,
): Promise<AdminSerial> {
  const serial = serialOf(code);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(serials).where(eq(serials.serial, serial)).for('update');
    if (!before) throw new AppError('not_found', SERIAL_NOT_FOUND);
    const change =
      action === 'reset'
        ? { verificationCount: 0, firstVerifiedAt: null, lastVerifiedAt: null }
        : action === 'block'
          ? { status: 'blocked' as SerialStatus }
          : // Unblocked, its block reason goes with the block.
            { status: 'active' as SerialStatus, blockReason: null };
    const [after] = await tx.update(serials).set(change).where(eq(serials.id, before.id)).returning();
    if (!after) throw new AppError('not_found', SERIAL_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: `serial.${action}`,
      targetType: 'serial',
      targetId: serial,
      before: { status: before.status, verification_count: before.verificationCount },
      after: { status: after.status, verification_count: after.verificationCount },
    });
  });
  return getSerial(db, serial);
}

/**
 * A new batch for a SKU, recorded in the audit log with its size and SKU; with a key version, for secure
 * chips (their keys are never made here: only the command line writes a key file).
 */
export async function generateSerials(
  db: Db,
  actor: Actor,
  sku: string,
  total: number,
  sunKeyVersion: number | null = null,
): Promise<BatchRow[]> {
  return db.transaction(async (tx) => {
    const rows = await generateBatch(tx, sku, total, sunKeyVersion);
    await recordAudit(tx, actor, {
      action: 'serial.batch',
      targetType: 'card',
      targetId: sku,
      after: {
        count: rows.length,
        first: rows[0]?.serial,
        last: rows.at(-1)?.serial,
        ...(sunKeyVersion === null ? {} : { sun_key_version: sunKeyVersion }),
      },
    });
    return rows;
  });
}

/** Imports a CSV (all rows or none); the audit log records how many. */
export async function importSerials(db: Db, actor: Actor, csv: string): Promise<number> {
  return db.transaction(async (tx) => {
    const imported = await importBatch(tx, csv);
    await recordAudit(tx, actor, {
      action: 'serial.import',
      targetType: 'serial',
      targetId: 'csv',
      after: { count: imported },
    });
    return imported;
  });
}
