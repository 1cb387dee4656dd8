import type { User } from '../../server/modules/profiles/responses';
import { welcomeName } from '../lib/signed-in';

/** What the account links' driver is told from outside: who is signed in. */
interface AccountLinksDriver {
  /** Shows Login, or Welcome (with the name), Admin for an administrator, and Logout. */
  setUser(user: User | null | undefined): void;
  stop(): void;
}

/**
 * The account links' one driver, on the markup AccountLinks.tsx renders: Login, and the Welcome / Admin /
 * Logout links `hidden`, for every visitor. `root` holds every copy of them (the header holds the bar's and
 * the side sheet's); `logout` is what the Logout buttons do (React's `useAuth().logout`, or the light page's
 * document-loading one). Who is signed in is not in the markup: the caller says so with `setUser`, once
 * the session is restored and again on every login or logout.
 */
export function driveAccountLinks(root: HTMLElement, logout: () => void): AccountLinksDriver {
  const stopped = new AbortController();
  for (const button of root.querySelectorAll('[data-account="logout"]'))
    button.addEventListener('click', logout, { signal: stopped.signal });
  return {
    setUser(user) {
      for (const element of root.querySelectorAll<HTMLElement>('[data-account]')) {
        const kind = element.dataset.account;
        if (kind === 'signed-out') element.hidden = !!user;
        if (kind === 'signed-in') element.hidden = !user;
        if (kind === 'admin') element.hidden = user?.role !== 'admin';
      }
      for (const name of root.querySelectorAll('.user-first-name')) name.textContent = welcomeName(user);
    },
    stop: () => stopped.abort(),
  };
}
