/** Public pages show profiles; a change empties the shared page cache in every process. */
export const PROFILES_TOPIC = 'profiles';
