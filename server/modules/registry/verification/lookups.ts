import type { Limit } from '../../../http/rate-limit.ts';

/**
 * Failed look-ups a client may make in an hour before every look-up is refused (guessing serials): /verify
 * and a tap on `/c/{serial}` count against the same limit.
 */
export const FAILED_LOOKUPS: Limit = { max: 5, windowMs: 60 * 60 * 1000 };

export const missKey = (client: string) => `verify-miss:${client}`;
