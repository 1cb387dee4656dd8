import { and, desc, eq, isNull } from 'drizzle-orm';
import type { BlockReason } from '../../../../common/block-reasons.ts';
import { REGISTRY_SIGNAL_MESSAGES } from '../../../../common/messages/registry-signals.ts';
import type { Db } from '../../../db/client.ts';
import { serialFlags, serials, tapEvents } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, recordAudit } from '../../staff/audit.ts';
import { SERIAL_NOT_FOUND, serialOf } from '../serials/serial-admin.ts';
import { blockInTransaction } from './block.ts';
import type { SerialSignals } from './schemas.ts';

/** Tap events shown on a serial's page (the newest). */
const TAPS_SHOWN = 20;

async function serialRow(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(serials)
    .where(eq(serials.serial, serialOf(code)));
  if (!row) throw new AppError('not_found', SERIAL_NOT_FOUND);
  return row;
}

/**
 * What the registry knows of a serial's chip and its signals: the chip (secure or not, its UID once bound,
 * key versions, last counter), the open flags with their reasons, the newest taps (kind, time, counter —
 * never the client's address or its hash), and why it is blocked.
 */
export async function serialSignals(db: Db, code: string): Promise<SerialSignals> {
  const row = await serialRow(db, code);
  const [flags, taps] = await Promise.all([
    db
      .select()
      .from(serialFlags)
      .where(and(eq(serialFlags.serialId, row.id), isNull(serialFlags.clearedAt)))
      .orderBy(desc(serialFlags.lastSeenAt), desc(serialFlags.id)),
    db
      .select({ kind: tapEvents.kind, at: tapEvents.createdAt, counter: tapEvents.counter })
      .from(tapEvents)
      .where(eq(tapEvents.serialId, row.id))
      .orderBy(desc(tapEvents.createdAt), desc(tapEvents.id))
      .limit(TAPS_SHOWN),
  ]);
  return {
    serial: row.serial,
    status: row.status,
    block_reason: row.status === 'blocked' ? row.blockReason : null,
    chip: {
      secure: row.sunKeyVersion !== null,
      uid: row.chipUid,
      key_version: row.sunKeyVersion,
      next_key_version: row.sunNextKeyVersion,
      counter: row.sunCounter,
    },
    flags: flags.map((flag) => ({
      id: flag.id,
      kind: flag.kind,
      detail: flag.detail,
      occurrences: flag.occurrences,
      first_seen_at: flag.firstSeenAt.toISOString(),
      last_seen_at: flag.lastSeenAt.toISOString(),
      reported_at: flag.reportedAt?.toISOString() ?? null,
    })),
    taps: taps.map((tap) => ({ kind: tap.kind, at: tap.at.toISOString(), counter: tap.counter })),
  };
}

/** Closes an open flag (the admin looked and found it explained); the same signal later raises a new one. */
export async function clearFlag(db: Db, actor: Actor, code: string, flagId: number): Promise<SerialSignals> {
  const row = await serialRow(db, code);
  await db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(serialFlags)
      .set({ clearedAt: new Date() })
      .where(and(eq(serialFlags.id, flagId), eq(serialFlags.serialId, row.id), isNull(serialFlags.clearedAt)))
      .returning();
    if (!cleared) throw new AppError('not_found', REGISTRY_SIGNAL_MESSAGES.flagNotFound);
    await recordAudit(tx, actor, {
      action: 'serial.flag_clear',
      targetType: 'serial',
      targetId: row.serial,
      before: { kind: cleared.kind, detail: cleared.detail, occurrences: cleared.occurrences },
    });
  });
  return serialSignals(db, row.serial);
}

/** Blocks a serial for a reason (a code of common/block-reasons.ts), with an optional note for the audit log. */
export async function blockSerial(
  db: Db,
  actor: Actor,
  code: string,
  reason: BlockReason,
  note = '',
): Promise<SerialSignals> {
  const row = await serialRow(db, code);
  await db.transaction((tx) => blockInTransaction(tx, actor, row, reason, note ? { note } : {}));
  return serialSignals(db, row.serial);
}
