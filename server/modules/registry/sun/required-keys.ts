import { sql } from 'drizzle-orm';
import { ConfigError } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { serials } from '../../../db/schema/index.ts';
import type { SunMasterKeys } from './master-keys.ts';

/**
 * Once secure-chip cards exist, the master key of every version they use is required: without it their taps
 * could not be verified, and a start that fails clearly is better than genuine cards reported as unproven.
 */
export async function assertSunKeysConfigured(db: Db, keys: SunMasterKeys): Promise<void> {
  const rows = await db.selectDistinct({ version: sql<number>`v` }).from(
    sql`(select ${serials.sunKeyVersion} as v from ${serials} where ${serials.sunKeyVersion} is not null
           union select ${serials.sunNextKeyVersion} from ${serials} where ${serials.sunNextKeyVersion} is not null) versions`,
  );
  const missing = rows.map((row) => Number(row.version)).filter((version) => !keys.key(version));
  if (missing.length > 0) {
    const names = missing.sort((a, b) => a - b).map((version) => `SUN_MASTER_KEY_V${version}`);
    throw new ConfigError(
      `Invalid configuration: cards with secure chips use ${names.join(', ')}, which ${names.length > 1 ? 'are' : 'is'} not set`,
    );
  }
}
