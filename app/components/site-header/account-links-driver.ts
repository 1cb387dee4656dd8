import type { User } from '../../../server/modules/profiles/responses';
import { welcomeName } from '../../lib/signed-in';
import { listener } from '../chrome';

/**
 * The account links' one driver, on the markup AccountLinks.tsx renders: Login, and the Welcome / Admin /
 * Logout links `hidden`, for every visitor. `root` holds every copy of them (the header holds the bar's and
 * the side sheet's); `logout` is what the Logout buttons do (React's `useAuth().logout`, or the light page's
 * document-loading one); `signal` takes the listeners off. Who is signed in is not in the markup: the
 * header's driver passes it to the function returned, once the session is restored and again on every
 * login or logout. It shows Login, or Welcome (with the name), Admin for an administrator, and Logout.
 */
export function driveAccountLinks(
  root: HTMLElement,
  logout: () => void,
  signal: AbortSignal,
): (user: User | null | undefined) => void {
  const on = listener(signal);
  for (const button of root.querySelectorAll('[data-account="logout"]')) on(button, 'click', logout);
  return (user) => {
    for (const element of root.querySelectorAll<HTMLElement>('[data-account]')) {
      const kind = element.dataset.account;
      if (kind === 'signed-out') element.hidden = !!user;
      if (kind === 'signed-in') element.hidden = !user;
      if (kind === 'admin') element.hidden = user?.role !== 'admin';
    }
    for (const name of root.querySelectorAll('.site-header-first-name')) name.textContent = welcomeName(user);
  };
}
