import { eq } from 'drizzle-orm';
import type { BlockReason } from '../../../../common/block-reasons.ts';
import type { Tx } from '../../../db/client.ts';
import { serials } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, recordAudit } from '../../staff/audit.ts';
import { SERIAL_NOT_FOUND } from '../serials/serial-admin.ts';

/**
 * Blocks one serial for a reason inside the caller's transaction, audited with what it was before; `noted`
 * goes into the audit entry beside the new state (an admin's note, the CSV line it came from).
 */
export async function blockInTransaction(
  tx: Tx,
  actor: Actor,
  serial: { id: number; serial: string },
  reason: BlockReason,
  noted: Record<string, string | number> = {},
): Promise<void> {
  const [before] = await tx.select().from(serials).where(eq(serials.id, serial.id)).for('update');
  if (!before) throw new AppError('not_found', SERIAL_NOT_FOUND);
  await tx.update(serials).set({ status: 'blocked', blockReason: reason }).where(eq(serials.id, serial.id));
  await recordAudit(tx, actor, {
    action: 'serial.block',
    targetType: 'serial',
    targetId: serial.serial,
    before: { status: before.status, block_reason: before.blockReason },
    after: { status: 'blocked', block_reason: reason, ...noted },
  });
}
