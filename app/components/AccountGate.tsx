import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../../common/safe-next';
import { api } from '../lib/api';
import type { LoginState } from '../lib/login-state';

/**
 * A mailed link's page whose action belongs to one address (a card offered or printed for it): signed out,
 * an invitation to sign in and come back (to register, with that address filled in, when the page knows it
 * has no account yet); signed in as that address, the action itself; signed in as anyone else, why not and
 * a way to switch account.
 */
export function AccountGate({
  viewerEmail,
  forEmail,
  here,
  signInLabel,
  signInAdvice,
  wrongAccount,
  register,
  children,
}: {
  viewerEmail: string | null;
  forEmail: string;
  /** The page to come back to after signing in. */
  here: string;
  signInLabel: string;
  signInAdvice: string;
  wrongAccount: string;
  /** Given when the address has no account: what the link to the Register tab says instead. */
  register?: { label: string; advice: string } | undefined;
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

  if (viewerEmail === null) {
    const state: LoginState = register ? { email: forEmail, tab: 'register' } : { email: forEmail };
    return (
      <>
        <p>{register?.advice ?? signInAdvice}</p>
        <div className="form-actions">
          <Link className="button" to={loginPath(here)} state={state}>
            {register?.label ?? signInLabel}
          </Link>
        </div>
      </>
    );
  }
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
