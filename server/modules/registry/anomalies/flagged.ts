import { sql } from 'drizzle-orm';
import { serialFlags, serials } from '../../../db/schema/index.ts';

/** Serials with an open flag (the registry list's "Flagged" filter); the flags are few, the check cheap. */
export const openFlagCondition = sql`exists (select 1 from ${serialFlags} where ${serialFlags.serialId} = ${serials.id} and ${serialFlags.clearedAt} is null)`;
