import type { User } from '../../server/modules/profiles/responses';
import { noteLoggedOut, restoreSession, welcomeName } from '../lib/signed-in';

/*
 * The signed-in header on a light page: the page is the same for every visitor, so AccountLinks rendered
 * both Login and the hidden Welcome / Admin / Logout links; a browser with the signed-in hint asks who it
 * is and shows the second.
 */

function show(header: HTMLElement, user: User): void {
  header.classList.add('signed-in');
  for (const element of document.querySelectorAll<HTMLElement>('[data-account]')) {
    const kind = element.dataset.account;
    if (kind === 'signed-out') element.hidden = true;
    if (kind === 'signed-in') element.hidden = false;
    if (kind === 'admin') element.hidden = user.role !== 'admin';
  }
  for (const name of document.querySelectorAll('.user-first-name')) name.textContent = welcomeName(user);
}

async function logout(): Promise<void> {
  try {
    await fetch('/api/auth/logout/', { method: 'POST', credentials: 'include' });
  } catch {
    // The session is dropped on this side either way, as the React header's Logout does.
  }
  noteLoggedOut();
  location.assign('/login');
}

export function enhanceAccount(header: HTMLElement): void {
  for (const button of document.querySelectorAll('[data-account="logout"]'))
    button.addEventListener('click', () => void logout());
  void restoreSession().then((user) => user && show(header, user));
}
