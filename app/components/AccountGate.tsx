import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../../common/safe-next';
import { api } from '../lib/api';

/**
 * A mailed link's page whose action belongs to one address (a card offered or printed for it): signed out,
 * an invitation to sign in (or register) and come back; signed in as that address, the action itself;
 * signed in as anyone else, why not and a way to switch account.
 */
export function AccountGate({
  viewerEmail,
  forEmail,
  here,
  signInLabel,
  signInAdvice,
  wrongAccount,
  children,
}: {
  viewerEmail: string | null;
  forEmail: string;
  /** The page to come back to after signing in. */
  here: string;
  signInLabel: string;
  signInAdvice: string;
  wrongAccount: string;
  children: ReactNode;
}) {
  // Not a `useWrite` write: it has no busy state or toast to show, a failure changes nothing (the login page
  // loads afresh either way), and the whole page is left.
  async function switchAccount() {
    try {
      await api('/auth/logout/', { method: 'POST' });
    } finally {
      window.location.assign(loginPath(here));
    }
  }

  if (viewerEmail === null)
    return (
      <>
        <p>{signInAdvice}</p>
        <div className="form-actions">
          <Link className="button" to={loginPath(here)}>
            {signInLabel}
          </Link>
        </div>
      </>
    );
  if (viewerEmail.toLowerCase() === forEmail) return <>{children}</>;
  return (
    <>
      <p className="status-message failure">{wrongAccount}</p>
      <p className="muted">You are signed in as {viewerEmail}.</p>
      <div className="form-actions">
        <button type="button" className="button button-outline" onClick={switchAccount}>
          Sign out and switch account
        </button>
      </div>
    </>
  );
}
