import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { serialCheckDays, serials, serialVerifications } from '../../../db/schema/index.ts';

/** How a verification was made: the printed serial typed or scanned, or a fresh secure tap of the chip. */
type VerificationMethod = 'printed' | 'chip';

/**
 * Counts one verification of an active serial toward its x/5, at most once per network per serial, ever
 * (decision 040): one stranger's checks, from however many addresses of one network and on however many
 * days, count once. In one statement: the network's row is claimed first (`on conflict do nothing`, so two
 * concurrent requests of one network count once; `day` is the day it counted), and only a claimed row
 * raises the count and logs the check. Answers the count after this verification, or undefined when it
 * counted nothing (a network that counted before, or a serial that is not active).
 */
export async function countVerification(
  db: Db,
  serialId: number,
  network: string,
  method: VerificationMethod,
): Promise<number | undefined> {
  const result = await db.execute(sql`
    with claimed as (
      insert into ${serialCheckDays} (serial_id, client, day)
      select id, ${network}, (now() at time zone 'utc')::date from ${serials}
      where id = ${serialId} and status = 'active'
        and not exists (select 1 from ${serialCheckDays} where serial_id = ${serialId} and client = ${network})
      on conflict do nothing
      returning serial_id
    ), counted as (
      update ${serials}
      set verification_count = verification_count + 1,
          first_verified_at = coalesce(first_verified_at, now()),
          last_verified_at = now()
      where id in (select serial_id from claimed)
      returning id, verification_count
    ), logged as (
      insert into ${serialVerifications} (serial_id, count, client, method)
      select id, verification_count, ${network}, ${method} from counted
    )
    select verification_count as count from counted`);
  // node-postgres and PGlite both answer with `rows`.
  const [row] = (result as unknown as { rows: { count: number | string }[] }).rows;
  return row ? Number(row.count) : undefined;
}
