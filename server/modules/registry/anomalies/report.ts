import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { utcDay } from '../../../../common/insights.ts';
import { FLAG_KIND_LABELS } from '../../../../common/messages/registry-signals.ts';
import { formatSerial } from '../../../../common/serial-format.ts';
import type { Db } from '../../../db/client.ts';
import { appMeta, serialFlags, serials } from '../../../db/schema/index.ts';
import type { Mailer } from '../../../mail/index.ts';
import { registryFlagsMail } from '../../../mail/registry-flags-mail.ts';

/** An arbitrary constant: the advisory lock that lets one process at a time send the daily report. */
const REPORT_LOCK = 7_018_002;
/** app_meta: the UTC day the last report went out, so restarts and other processes send no second one. */
export const REPORTED_ON = 'registry_flags_reported_on';

interface ReportOptions {
  to: string;
  publicUrl: string;
}

/**
 * Mails the firm the open flags it has not been told of — at most one mail per UTC day, whichever process
 * gets there — and marks them reported in the same transaction that queues the mail, so a flag is told
 * exactly once. A flag raised after today's mail waits for tomorrow's. Answers how many flags were mailed.
 */
export async function reportNewFlags(
  db: Db,
  mailer: Pick<Mailer, 'sendLater'>,
  options: ReportOptions,
  now: Date = new Date(),
): Promise<number> {
  const today = utcDay(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK})`);
    const [mark] = await tx.select().from(appMeta).where(eq(appMeta.key, REPORTED_ON));
    if (mark?.value === today) return 0;
    const fresh = await tx
      .select({
        id: serialFlags.id,
        kind: serialFlags.kind,
        detail: serialFlags.detail,
        serial: serials.serial,
      })
      .from(serialFlags)
      .innerJoin(serials, eq(serials.id, serialFlags.serialId))
      .where(and(isNull(serialFlags.reportedAt), isNull(serialFlags.clearedAt)))
      .orderBy(asc(serialFlags.firstSeenAt), asc(serialFlags.id));
    if (fresh.length === 0) return 0;
    const base = options.publicUrl.replace(/\/$/, '');
    const flags = fresh.map((flag) => ({
      display: formatSerial(flag.serial),
      kind: FLAG_KIND_LABELS[flag.kind],
      reason: flag.detail,
      url: `${base}/admin/serials/${flag.serial}`,
    }));
    await mailer.sendLater(registryFlagsMail(options.to, flags, `${base}/admin/serials`), tx);
    await tx
      .update(serialFlags)
      .set({ reportedAt: now })
      .where(
        inArray(
          serialFlags.id,
          fresh.map((flag) => flag.id),
        ),
      );
    await tx
      .insert(appMeta)
      .values({ key: REPORTED_ON, value: today })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: today, updatedAt: now } });
    return fresh.length;
  });
}
