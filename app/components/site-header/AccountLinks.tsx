import { welcomeName } from '../../lib/signed-in';
import { SiteLink, SiteNavLink } from '../SiteLink';

/**
 * Login, and the Welcome / Admin / Logout links `hidden`: the markup is the same for every visitor, on the
 * server and in the browser. Who is signed in is shown by the header's driver (header-driver.ts through
 * account-links-driver.ts), told by SiteHeader from React's auth state, or by the site script on a light page.
 */
export function AccountLinks({ variant }: { variant: 'header' | 'sheet' }) {
  const linkClass = variant === 'header' ? 'site-header-link' : 'side-sheet-link';
  const login =
    variant === 'header' ? (
      <SiteLink to="/login" className="button button-small site-header-login" data-account="signed-out">
        Login
      </SiteLink>
    ) : (
      <li data-account="signed-out">
        <SiteNavLink to="/login" className={linkClass}>
          Login
        </SiteNavLink>
      </li>
    );
  const items = (
    <>
      <SiteNavLink to="/profile" className={`${linkClass} site-header-welcome`}>
        Welcome <span className="site-header-first-name">{welcomeName(undefined)}</span>
      </SiteNavLink>
      <SiteNavLink to="/admin" className={linkClass} hidden data-account="admin">
        Admin
      </SiteNavLink>
      <button
        type="button"
        className={variant === 'header' ? 'button button-small button-outline' : linkClass}
        data-account="logout"
      >
        Logout
      </button>
    </>
  );
  return (
    <>
      {login}
      {variant === 'header' ? (
        <div className="site-header-account" hidden data-account="signed-in">
          {items}
        </div>
      ) : (
        <li className="side-sheet-account" hidden data-account="signed-in">
          {items}
        </li>
      )}
    </>
  );
}
