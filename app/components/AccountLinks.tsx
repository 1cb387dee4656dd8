import { useAuth } from '../lib/auth';
import { useLightPage } from '../lib/light-page';
import { welcomeName } from '../lib/signed-in';
import { SiteLink, SiteNavLink } from './SiteLink';

/**
 * Login, or Welcome / Admin / Logout once the session is known to be signed in. A light page renders both,
 * the signed-in links hidden: the site script (app/site-script/account.ts) shows them to a signed-in visitor.
 */
export function AccountLinks({ variant }: { variant: 'header' | 'sheet' }) {
  const { user, logout } = useAuth();
  const light = useLightPage();
  const linkClass = variant === 'header' ? 'nav-link' : 'sheet-link';
  const login =
    variant === 'header' ? (
      <SiteLink to="/login" className="button button-small login-button" data-account="signed-out">
        Login
      </SiteLink>
    ) : (
      <li data-account="signed-out">
        <SiteNavLink to="/login" className={linkClass}>
          Login
        </SiteNavLink>
      </li>
    );
  if (!user && !light) return login;
  const admin = user?.role === 'admin';
  const items = (
    <>
      <SiteNavLink to="/profile" className={`${linkClass} welcome-link`}>
        Welcome <span className="user-first-name">{welcomeName(user)}</span>
      </SiteNavLink>
      {(admin || light) && (
        <SiteNavLink to="/admin" className={linkClass} hidden={!admin} data-account="admin">
          Admin
        </SiteNavLink>
      )}
      <button
        type="button"
        className={variant === 'header' ? 'button button-small button-outline' : linkClass}
        data-account="logout"
        onClick={() => void logout()}
      >
        Logout
      </button>
    </>
  );
  const account =
    variant === 'header' ? (
      <div className="account-links" hidden={!user} data-account="signed-in">
        {items}
      </div>
    ) : (
      <li className="sheet-account" hidden={!user} data-account="signed-in">
        {items}
      </li>
    );
  return user ? (
    account
  ) : (
    <>
      {login}
      {account}
    </>
  );
}
