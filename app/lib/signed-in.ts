import type { User } from '../../server/modules/profiles/responses';

/** Set beside the session cookie at login (see server/modules/accounts/sessions.ts). */
const SIGNED_IN_HINT = 'signed_in';

/** Whether this browser may have a session (the hint cookie login sets beside it). */
function hasSignedInHint(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_HINT}=1`);
}

/**
 * The signed-in user, restored by the session cookie: the one way every page asks (the React header's
 * auth.tsx, the light pages' site script, the card page's script). `/api/auth/profile/` is asked only when
 * the hint says there may be a session, so signed-out visitors cost no request and log no 401. Undefined
 * without a session, or when it could not be read: the page then shows the visitor signed out.
 */
export async function restoreSession(): Promise<User | undefined> {
  if (!hasSignedInHint()) return undefined;
  try {
    const response = await fetch('/api/auth/profile/', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as User) : undefined;
  } catch {
    return undefined;
  }
}

/** The name the header's "Welcome …" link shows. */
export const welcomeName = (user: { first_name: string } | null | undefined) => user?.first_name || 'User';

/** Where a light page's Logout leaves word for the next (hydrated) page to say "Logged out successfully". */
const LOGGED_OUT_NOTE = 'logged_out';

export function noteLoggedOut(): void {
  try {
    sessionStorage.setItem(LOGGED_OUT_NOTE, '1');
  } catch {
    // Storage blocked: the login page still shows the visitor signed out.
  }
}

/** Whether a light page's Logout left word; the word is taken, so it is said once. */
export function tookLoggedOutNote(): boolean {
  try {
    const noted = sessionStorage.getItem(LOGGED_OUT_NOTE) !== null;
    sessionStorage.removeItem(LOGGED_OUT_NOTE);
    return noted;
  } catch {
    return false;
  }
}
