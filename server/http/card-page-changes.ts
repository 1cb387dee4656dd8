import { publishPageChanges } from './page-cache.ts';

/** A change that may show on any owner's card page (an account disabled): empties the shared page cache. */
export const PROFILES_TOPIC = 'profiles';

/**
 * These owners' cards changed (a rename: under both names): only their card pages leave the page caches,
 * in every process. Every other page stays kept, so one owner editing their card again and again costs
 * the other visitors nothing.
 */
export async function publishCardPages(
  deps: { publish(topic: string): Promise<void> },
  ...usernames: string[]
): Promise<void> {
  await publishPageChanges(
    deps,
    usernames.map((username) => `/profile/${username}`),
  );
}
