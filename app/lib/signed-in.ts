/** Set beside the session cookie at login (see server/modules/accounts/sessions.ts). */
const SIGNED_IN_HINT = 'signed_in';

/**
 * Whether this browser may have a session: only then is `/api/auth/profile/` asked, so signed-out visitors
 * cost no request and log no 401. Read by the React header (auth.tsx) and the light pages' site script.
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_HINT}=1`);
}

/** The name the header's "Welcome …" link shows. */
export const welcomeName = (user: { first_name: string } | null | undefined) => user?.first_name || 'User';
